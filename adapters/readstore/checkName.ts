const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** A collection's or field's name as it may go into SQL: lower-case, unquoted, refused otherwise. */
export const checkName = (kind: string, name: string): string => {
  if (!NAME.test(name)) throw new Error(`Invalid ${kind} name: ${name}`);
  return name;
};
