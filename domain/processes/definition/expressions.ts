import jsonata from 'jsonata';
import type { Expression } from '../stepLanguage.js';
import type { Reader } from './fields.js';

/**
 * An expression must at least parse as JSONata when the definition is published, so that a typo
 * is refused with its path instead of failing an instance later. Parsing evaluates nothing.
 */
export const expression: Reader<Expression> = (value, path, faults) => {
  if (typeof value !== 'string' || value.trim() === '') {
    faults.push({ path, message: 'must be a non-empty JSONata expression' });
    return undefined;
  }
  try {
    jsonata(value);
    return value;
  } catch (error) {
    faults.push({ path, message: `is not a valid JSONata expression: ${messageOf(error)}` });
    return undefined;
  }
};

/** jsonata throws plain objects with a `message`, not instances of Error. */
const messageOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);
