import type { Position } from '../../../domain/shared/envelope.js';
import type { Change } from '../../../projections/projection.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { giveBackFreePages, writeTransaction } from '../../sqlite/database.js';
import type { ReadStore, Target } from '../port.js';
import { batchGeneration } from '../batchTarget.js';
import { promised } from '../../sqlite/promised.js';
import type { DocTable } from './applyChange.js';
import { applyChange } from './applyChange.js';
import { batchedTable } from './batchedTable.js';
import { createCollectionIndexes, createCollectionTable } from './layout.js';
import type { ProjectionRegistry } from './projectionRegistry.js';
import { projectionRegistry, registration, toState } from './projectionRegistry.js';
import { dropCollectionTable, tableName } from './tables.js';
import { sqliteQueries } from './queries.js';
import { threadedRebuildWrites } from './rebuildWrites/threadedRebuildWrites.js';

/** Applying a projection's batches of changes, each with the checkpoint it brings it to. */
const batchApplying = (db: SqliteDatabase, registry: ProjectionRegistry) => {
  const { owners, stored, docTable, prepared } = registry;

  /** Applies a batch's changes, in order, to the tables `tableFor` gives; each written once. */
  const fold = (
    name: string,
    changes: readonly Change[],
    tableFor: (collection: string) => DocTable,
  ) => {
    const tables = new Map<string, ReturnType<typeof batchedTable>>();
    for (const change of changes) {
      if (owners.get(change.collection)?.projection !== name) {
        throw new Error(`Projection ${name} does not own ${change.collection}.`);
      }
      let table = tables.get(change.collection);
      if (!table) {
        table = batchedTable(tableFor(change.collection));
        tables.set(change.collection, table);
      }
      applyChange(table, change);
    }
    for (const table of tables.values()) table.flush();
  };

  const applyBatch = writeTransaction(
    db,
    (name: string, target: Target, changes: readonly Change[], checkpoint: Position) => {
      const generation = batchGeneration(name, stored(name), target, checkpoint);
      if (generation === null) return false;
      fold(name, changes, (collection) => docTable(collection, generation).patching);
      const column = target.kind === 'live' ? 'checkpoint' : 'rebuild_checkpoint';
      prepared(`UPDATE projection_state SET ${column} = ? WHERE name = ?`).run(checkpoint, name);
      return true;
    },
  );

  return { fold, applyBatch };
};

/** The tables of a rebuild: made beside the live ones, indexed, then swapped in or dropped. */
const rebuildTables = (db: SqliteDatabase, registry: ProjectionRegistry, threaded: boolean) => {
  const { selectState, specsOf, forgetStatements } = registry;

  const beginRebuild = writeTransaction(db, (name: string) => {
    const row = selectState.get(name);
    if (!row) throw new Error(`Unknown projection: ${name}`);
    if (row.rebuild_generation !== null) {
      for (const spec of specsOf(name)) dropCollectionTable(db, spec.name, row.rebuild_generation);
      forgetStatements();
    }
    const generation = Math.max(row.generation, row.rebuild_generation ?? 0) + 1;
    // Written inline, the tables are filled first and indexed once (several times faster than
    // keeping the indexes on every write). Written by the thread, they keep their indexes from the
    // start: that thread has time to spare, and no single index build then holds the database
    // (and, on this connection, the event loop) for seconds at the end.
    for (const spec of specsOf(name))
      createCollectionTable(db, spec, generation, { indexes: threaded });
    db.prepare(
      'UPDATE projection_state SET rebuild_generation = ?, rebuild_checkpoint = NULL WHERE name = ?',
    ).run(generation, name);
    return generation;
  });

  const indexRebuild = (name: string, generation: number) => {
    for (const spec of specsOf(name)) createCollectionIndexes(db, spec, generation);
  };

  const completeRebuild = writeTransaction(db, (name: string, generation: number) => {
    const row = selectState.get(name);
    if (!row || row.rebuild_generation !== generation) {
      throw new Error(`No rebuild ${generation} of ${name} is under way.`);
    }
    indexRebuild(name, generation);
    db.prepare(
      `UPDATE projection_state SET generation = ?, checkpoint = rebuild_checkpoint,
       rebuild_generation = NULL, rebuild_checkpoint = NULL WHERE name = ?`,
    ).run(generation, name);
    for (const spec of specsOf(name)) dropCollectionTable(db, spec.name, row.generation);
    forgetStatements();
  });

  const abandonRebuild = writeTransaction(db, (name: string, generation: number) => {
    const row = selectState.get(name);
    if (!row || row.rebuild_generation !== generation) return;
    for (const spec of specsOf(name)) dropCollectionTable(db, spec.name, generation);
    db.prepare(
      'UPDATE projection_state SET rebuild_generation = NULL, rebuild_checkpoint = NULL WHERE name = ?',
    ).run(name);
    forgetStatements();
  });

  return { beginRebuild, indexRebuild, completeRebuild, abandonRebuild };
};

/** The embedded read store: each collection a table of JSON documents in the same SQLite file. */
export const sqliteReadStore = (db: SqliteDatabase): ReadStore => {
  const registry = projectionRegistry(db);
  const { selectState, prepared, layout, generations, liveGeneration, docTable, stored } = registry;
  const register = registration(db, registry);
  const { fold, applyBatch } = batchApplying(db, registry);
  const applyNow = promised(applyBatch);

  // A database in memory has no file for a second connection to open: its rebuilds write inline.
  const rebuildWrites = db.memory
    ? undefined
    : threadedRebuildWrites({
        file: db.name,
        settings: () => ({
          synchronous: db.pragma('synchronous', { simple: true }) as number,
          autocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }) as number,
        }),
        stored,
        layout,
        committed: docTable,
        fold,
      });
  /** Every batch of the projection's rebuild sent to the writing thread has committed. */
  const settled = async (name: string) => {
    await rebuildWrites?.settle(name);
  };
  const released = async (name: string) => {
    await rebuildWrites?.release(name);
  };

  const { beginRebuild, indexRebuild, completeRebuild, abandonRebuild } = rebuildTables(
    db,
    registry,
    rebuildWrites !== undefined,
  );

  const { count, find, firstOfEach } = sqliteQueries({
    layout,
    liveTable: (collection) => tableName(collection, liveGeneration(collection)),
    prepared,
  });

  return {
    registerProjection: promised(register),
    state: async (name: string) => {
      await settled(name);
      const row = selectState.get(name);
      return row ? toState(row) : undefined;
    },
    apply: (name, target, changes, checkpoint) =>
      target.kind === 'rebuild' && rebuildWrites
        ? rebuildWrites.apply(name, target.generation, changes, checkpoint)
        : applyNow(name, target, changes, checkpoint),
    // A transaction opened inside another is a savepoint of it: it commits or rolls back with it.
    applyInTransaction: (name, changes, checkpoint) =>
      applyBatch(name, { kind: 'live' }, changes, checkpoint),
    get: promised((collection: string, id: string) =>
      docTable(collection, liveGeneration(collection)).read(id),
    ),
    find: promised(find),
    firstOfEach: promised(firstOfEach),
    count: promised(count),
    beginRebuild: async (name) => {
      await released(name);
      return beginRebuild(name);
    },
    indexRebuild: async (name, generation) => {
      await settled(name);
      indexRebuild(name, generation);
    },
    completeRebuild: async (name, generation) => {
      await settled(name);
      completeRebuild(name, generation);
      // Only once the swap has committed do reads go to the new tables.
      generations.set(name, generation);
      await released(name);
      giveBackFreePages(db);
    },
    abandonRebuild: async (name, generation) => {
      await released(name);
      abandonRebuild(name, generation);
      giveBackFreePages(db);
    },
    ping: promised(() => {
      db.prepare('SELECT 1').get();
    }),
  };
};
