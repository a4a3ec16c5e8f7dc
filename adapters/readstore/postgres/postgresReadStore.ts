import type { CollectionSpec } from '../../../projections/projection.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { ReadStore } from '../port.js';
import { applyBatch } from './batch.js';
import { postgresQueries } from './queries.js';
import { STATE_TABLE, readState, rebuildSteps, registerProjection } from './registry.js';

/**
 * Read models on PostgreSQL: each collection a table per generation (`json` documents, a sort-key
 * column per indexed field, compared bytewise so that cursors page as on SQLite), read through a
 * view that a rebuild points at its fresh tables in the transaction that swaps them. A batch of
 * changes and its checkpoint commit together.
 */
export const postgresReadStore = async (db: PostgresDatabase): Promise<ReadStore> => {
  await db.migrate('001_projection_state', STATE_TABLE);
  /** Which projection's spec each collection follows; read once per collection and process. */
  const specs = new Map<string, CollectionSpec>();
  const specOf = async (collection: string): Promise<CollectionSpec> => {
    const known = specs.get(collection);
    if (known) return known;
    const found = await db.pool.query<{ collections: CollectionSpec[] }>(
      'SELECT collections FROM projection_state',
    );
    for (const row of found.rows) for (const spec of row.collections) specs.set(spec.name, spec);
    const spec = specs.get(collection);
    if (!spec) throw new Error(`No projection owns the collection ${collection}.`);
    return spec;
  };
  const queries = postgresQueries(db, specOf);
  const rebuild = rebuildSteps(db);
  return {
    registerProjection: async (name, collections) => {
      const state = await registerProjection(db, name, collections);
      for (const spec of collections) specs.set(spec.name, spec);
      return state;
    },
    state: (name) => readState(db, name),
    apply: (name, target, changes, checkpoint) => applyBatch(db, name, target, changes, checkpoint),
    get: queries.get,
    find: queries.find,
    firstOfEach: queries.firstOfEach,
    count: queries.count,
    beginRebuild: rebuild.begin,
    indexRebuild: rebuild.index,
    completeRebuild: rebuild.complete,
    abandonRebuild: rebuild.abandon,
    ping: async () => {
      await db.pool.query('SELECT 1');
    },
  };
};
