import type { Collection, Db, MongoClient } from 'mongodb';
import type { Change, Doc } from '../../../projections/projection.js';
import { batchGeneration } from '../batchTarget.js';
import type { FindQuery, ReadStore } from '../port.js';
import { pageOf } from '../cursor.js';
import { checkName } from '../checkName.js';
import { onceSucceeded } from '../../mongo/once.js';
import { collectionName } from './names.js';
import { afterCursor, conditionsOf, filterOf, sortOf } from './query.js';
import type { StateDoc } from './state.js';
import { createCollections, dropCollections, stateCollection, toState } from './state.js';
import { createIndexes } from './projectionIndexes.js';
import type { Row } from './writes.js';
import { writesOf } from './writes.js';

type States = Collection<StateDoc>;

const toDoc = ({ _id, ...doc }: Row): Doc => ({ ...doc, id: _id });

/** Registering a projection, and reading its state. */
const projectionRegistry = (
  db: Db,
  states: States,
): Pick<ReadStore, 'registerProjection' | 'state'> => {
  /** The index by which a query finds the projection that owns a collection. */
  const prepared = onceSucceeded(() => states.createIndex({ collections: 1 }));

  return {
    registerProjection: async (name, specs) => {
      await prepared();
      const doc = await states.findOneAndUpdate(
        { _id: name },
        {
          $setOnInsert: {
            generation: 1,
            checkpoint: null,
            rebuild_generation: null,
            rebuild_checkpoint: null,
          },
          $set: { collections: specs.map((s) => s.name), specs: [...specs] },
        },
        { upsert: true, returnDocument: 'after' },
      );
      if (!doc) throw new Error(`Projection ${name} could not be registered.`);
      await createCollections(db, specs, doc.generation);
      return toState(doc);
    },
    state: async (name) => {
      const doc = await states.findOne({ _id: name });
      return doc ? toState(doc) : undefined;
    },
  };
};

/** A batch's writes by the collection of the generation they go to, each in the batch's order. */
const writesByCollection = (
  name: string,
  state: StateDoc,
  generation: number,
  changes: readonly Change[],
): Map<string, ReturnType<typeof writesOf>> => {
  const writes = new Map<string, ReturnType<typeof writesOf>>();
  for (const change of changes) {
    if (!state.collections.includes(change.collection)) {
      throw new Error(`Projection ${name} does not own ${change.collection}.`);
    }
    const collection = collectionName(change.collection, generation);
    writes.set(collection, [...(writes.get(collection) ?? []), ...writesOf(change)]);
  }
  return writes;
};

/** Applying a batch: its writes and its checkpoint in one transaction. */
const batchApplier =
  (client: MongoClient, db: Db, states: States): ReadStore['apply'] =>
  async (name, target, changes, checkpoint) => {
    const session = client.startSession();
    try {
      return await session.withTransaction(async () => {
        const state = await states.findOne({ _id: name }, { session });
        if (!state) throw new Error(`Unknown projection: ${name}`);
        const generation = batchGeneration(name, state, target, checkpoint);
        if (generation === null) return false;
        const writes = writesByCollection(name, state, generation, changes);
        // One after another: a transaction's operations must not run in parallel.
        for (const [collection, operations] of writes) {
          await db.collection<Row>(collection).bulkWrite(operations, { session, ordered: true });
        }
        const field = target.kind === 'live' ? 'checkpoint' : 'rebuild_checkpoint';
        await states.updateOne({ _id: name }, { $set: { [field]: checkpoint } }, { session });
        return true;
      });
    } finally {
      await session.endSession();
    }
  };

/** Queries of a collection's live generation, which each looks up in its owner's state. */
const liveQueries = (
  db: Db,
  states: States,
): Pick<ReadStore, 'get' | 'find' | 'firstOfEach' | 'count'> => {
  const live = async (collection: string) => {
    const owner = await states.findOne(
      { collections: collection },
      { projection: { generation: 1 } },
    );
    if (!owner) throw new Error(`Unknown collection: ${collection}`);
    return db.collection<Row>(collectionName(collection, owner.generation));
  };

  return {
    get: async (collection, id) => {
      const doc = await (await live(collection)).findOne({ _id: id });
      return doc ? toDoc(doc) : undefined;
    },
    find: async (collection, query: FindQuery) => {
      const cursor = afterCursor(query);
      const conditions = conditionsOf(query);
      if (cursor) conditions.push(cursor);
      const rows = await (
        await live(collection)
      )
        .find(filterOf(conditions))
        .sort(sortOf(query))
        .limit(query.limit + 1)
        .toArray();
      return pageOf(rows.map(toDoc), query.limit, query.orderBy.field);
    },
    // A seek per group, as in the embedded store: the least (group, order, _id) past the last group.
    firstOfEach: async (collection, query) => {
      const table = await live(collection);
      const group = checkName('field', query.groupBy);
      const sort = { [group]: 1, [checkName('field', query.orderBy)]: 1, _id: 1 } as const;
      const docs: Doc[] = [];
      let after: unknown = query.after;
      while (docs.length < query.limit) {
        const filter =
          after === undefined ? { [group]: { $ne: null } } : { [group]: { $gt: after } };
        const row = await table.findOne(filter, { sort });
        if (!row) break;
        docs.push(toDoc(row));
        after = (row as Record<string, unknown>)[group];
      }
      return docs;
    },
    count: async (collection, query, atMost) =>
      (await live(collection)).countDocuments(
        filterOf(conditionsOf(query)),
        atMost === undefined ? {} : { limit: atMost },
      ),
  };
};

/** A rebuild: fresh collections beside the live ones, indexed, then swapped in or dropped. */
const rebuilds = (
  db: Db,
  states: States,
): Pick<ReadStore, 'beginRebuild' | 'indexRebuild' | 'completeRebuild' | 'abandonRebuild'> => {
  const stateOf = async (name: string): Promise<StateDoc> => {
    const doc = await states.findOne({ _id: name });
    if (!doc) throw new Error(`Unknown projection: ${name}`);
    return doc;
  };

  return {
    beginRebuild: async (name) => {
      const state = await stateOf(name);
      if (state.rebuild_generation !== null) {
        await dropCollections(db, state.specs, state.rebuild_generation);
      }
      const generation = Math.max(state.generation, state.rebuild_generation ?? 0) + 1;
      await createCollections(db, state.specs, generation, { indexes: false });
      // Only if no other rebuild began meanwhile.
      const claimed = await states.updateOne(
        { _id: name, rebuild_generation: state.rebuild_generation },
        { $set: { rebuild_generation: generation, rebuild_checkpoint: null } },
      );
      if (claimed.modifiedCount !== 1) throw new Error(`Another rebuild of ${name} began.`);
      return generation;
    },
    indexRebuild: async (name, generation) => {
      const state = await stateOf(name);
      for (const spec of state.specs) await createIndexes(db, spec, generation);
    },
    completeRebuild: async (name, generation) => {
      const state = await stateOf(name);
      if (state.rebuild_generation !== generation) {
        throw new Error(`No rebuild ${generation} of ${name} is under way.`);
      }
      for (const spec of state.specs) await createIndexes(db, spec, generation);
      // The swap is one update of one document: readers move to the new collections at once.
      const swapped = await states.updateOne({ _id: name, rebuild_generation: generation }, [
        {
          $set: {
            generation,
            checkpoint: '$rebuild_checkpoint',
            rebuild_generation: null,
            rebuild_checkpoint: null,
          },
        },
      ]);
      if (swapped.modifiedCount !== 1) {
        throw new Error(`No rebuild ${generation} of ${name} is under way.`);
      }
      await dropCollections(db, state.specs, state.generation);
    },
    abandonRebuild: async (name, generation) => {
      const state = await stateOf(name);
      if (state.rebuild_generation !== generation) return;
      await states.updateOne(
        { _id: name, rebuild_generation: generation },
        { $set: { rebuild_generation: null, rebuild_checkpoint: null } },
      );
      await dropCollections(db, state.specs, generation);
    },
  };
};

/**
 * The read store on MongoDB. A batch and its checkpoint commit in one transaction (MongoDB runs
 * them on a replica set only: the compose file starts a single-node one). Reads look the live
 * generation up on each call rather than caching it: the projector that swaps a rebuild in may be
 * another process.
 */
export const mongoReadStore = (client: MongoClient, db: Db): ReadStore => {
  const states = stateCollection(db);
  return {
    ...projectionRegistry(db, states),
    apply: batchApplier(client, db, states),
    ...liveQueries(db, states),
    ...rebuilds(db, states),
    ping: async () => {
      await db.command({ ping: 1 });
    },
  };
};
