import { checkName } from '../checkName.js';

/** One MongoDB collection per read-model collection and generation: a rebuild fills a fresh one. */
export const collectionName = (collection: string, generation: number): string =>
  `rm_${checkName('collection', collection)}_g${generation}`;

export const STATE_COLLECTION = 'projection_state';
