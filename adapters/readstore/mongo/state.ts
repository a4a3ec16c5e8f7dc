import type { Collection, Db } from 'mongodb';
import type { CollectionSpec } from '../../../projections/projection.js';
import type { ProjectionState } from '../port.js';
import { STATE_COLLECTION, collectionName } from './names.js';
import { toProjectionState } from '../projectionState.js';
import { createIndexes } from './projectionIndexes.js';

/**
 * One document per projection. It names the live generation and the rebuild's, so swapping a
 * rebuild in is one update of one document. It also keeps the projection's collections and
 * their indexes, so that any process (an API role that never registered the projection, say)
 * finds a collection's owner and live generation here.
 */
export type StateDoc = {
  _id: string;
  generation: number;
  checkpoint: string | null;
  rebuild_generation: number | null;
  rebuild_checkpoint: string | null;
  collections: string[];
  specs: CollectionSpec[];
};

export const stateCollection = (db: Db): Collection<StateDoc> =>
  db.collection<StateDoc>(STATE_COLLECTION);

export const toState = (doc: StateDoc): ProjectionState => toProjectionState(doc._id, doc);

/** MongoDB's code for "the collection exists already". */
const NAMESPACE_EXISTS = 48;

/** A generation's collections, with their indexes unless `indexes` is false (a rebuild's, at first). */
export const createCollections = async (
  db: Db,
  specs: readonly CollectionSpec[],
  generation: number,
  options: { indexes: boolean } = { indexes: true },
): Promise<void> => {
  for (const spec of specs) {
    const name = collectionName(spec.name, generation);
    await db.createCollection(name).catch((error: unknown) => {
      if ((error as { code?: number }).code !== NAMESPACE_EXISTS) throw error;
    });
    if (options.indexes) await createIndexes(db, spec, generation);
  }
};

export const dropCollections = async (
  db: Db,
  specs: readonly CollectionSpec[],
  generation: number,
): Promise<void> => {
  for (const spec of specs)
    await db
      .collection(collectionName(spec.name, generation))
      .drop()
      .catch(
        // Dropping what is already gone (an earlier attempt that stopped half-way) is no failure.
        () => undefined,
      );
};
