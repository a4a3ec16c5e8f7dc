const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Collection and field names come from projections; they are checked before they reach a query. */
export const checkName = (kind: string, name: string): string => {
  if (!NAME.test(name)) throw new Error(`Invalid ${kind} name: ${name}`);
  return name;
};

/** One MongoDB collection per read-model collection and generation: a rebuild fills a fresh one. */
export const collectionName = (collection: string, generation: number): string =>
  `rm_${checkName('collection', collection)}_g${generation}`;

export const STATE_COLLECTION = 'projection_state';
