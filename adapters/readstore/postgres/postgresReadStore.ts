import type { CollectionSpec } from '../../../projections/projection.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { ReadStore } from '../port.js';
import { groupedBatches } from './groupedBatches.js';
import { postgresQueries } from './queries.js';
import { STATE_TABLE, readState, rebuildSteps, registerProjection } from './registry.js';

/**
 * Read models on PostgreSQL: each collection a table per generation (`json` documents, a sort-key
 * column per indexed field, compared bytewise so that cursors page as on SQLite), read through a
 * view that a rebuild points at its fresh tables in the transaction that swaps them. A batch of
 * changes and its checkpoint commit together, and live batches of several projections asked for
 * at once share one transaction.
 */
class UnregisteredCollection extends Error {}

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
    if (!spec) throw new UnregisteredCollection(`No projection owns the collection ${collection}.`);
    return spec;
  };
  /**
   * Whether the collection's projection has registered it. A process of another role can start
   * before the projector has made a fresh schema's tables: until then its collections are empty.
   */
  const registered = (collection: string) =>
    specOf(collection).then(
      () => true,
      (error: unknown) => {
        if (error instanceof UnregisteredCollection) return false;
        throw error;
      },
    );
  const queries = postgresQueries(db, specOf);
  const rebuild = rebuildSteps(db);
  const apply = groupedBatches(db);
  return {
    registerProjection: async (name, collections) => {
      const state = await registerProjection(db, name, collections);
      for (const spec of collections) specs.set(spec.name, spec);
      return state;
    },
    state: (name) => readState(db, name),
    apply,
    get: async (collection, id) =>
      (await registered(collection)) ? queries.get(collection, id) : undefined,
    find: async (collection, query) =>
      (await registered(collection))
        ? queries.find(collection, query)
        : { docs: [], nextCursor: null },
    firstOfEach: async (collection, query) =>
      (await registered(collection)) ? queries.firstOfEach(collection, query) : [],
    count: async (collection, query, atMost) =>
      (await registered(collection)) ? queries.count(collection, query, atMost) : 0,
    beginRebuild: rebuild.begin,
    indexRebuild: rebuild.index,
    completeRebuild: rebuild.complete,
    abandonRebuild: rebuild.abandon,
    ping: async () => {
      await db.pool.query('SELECT 1');
    },
  };
};
