import type { Position } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { Change, CollectionSpec } from '../../../projections/projection.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { writeTransaction } from '../../sqlite/database.js';
import { statementCache } from '../../sqlite/statementCache.js';
import type { ProjectionState, ReadStore, Target } from '../port.js';
import { batchGeneration } from '../batchTarget.js';
import { promised } from '../../sqlite/promised.js';
import type { DocTable } from './applyChange.js';
import { applyChange } from './applyChange.js';
import { batchedTable } from './batchedTable.js';
import type { SqliteDocTable } from './docTable.js';
import { sqliteDocTable } from './docTable.js';
import type { Layout } from './layout.js';
import { createCollectionIndexes, createCollectionTable, hasLayout, layoutOf } from './layout.js';
import { createStateTable, dropCollectionTable, tableName } from './tables.js';
import { sqliteQueries } from './queries.js';
import { threadedRebuildWrites } from './rebuildWrites/threadedRebuildWrites.js';

type StateRow = {
  name: string;
  generation: number;
  checkpoint: string | null;
  rebuild_generation: number | null;
  rebuild_checkpoint: string | null;
  collections: string;
};

const toState = (row: StateRow): ProjectionState => ({
  name: row.name,
  generation: row.generation,
  checkpoint: row.checkpoint === null ? undefined : position(row.checkpoint),
  rebuild:
    row.rebuild_generation === null
      ? null
      : {
          generation: row.rebuild_generation,
          checkpoint:
            row.rebuild_checkpoint === null ? undefined : position(row.rebuild_checkpoint),
        },
});

/** The embedded read store: each collection a table of JSON documents in the same SQLite file. */
export const sqliteReadStore = (db: SqliteDatabase): ReadStore => {
  createStateTable(db);
  const selectState = db.prepare<[string], StateRow>(
    'SELECT * FROM projection_state WHERE name = ?',
  );
  const statements = statementCache(db);
  const prepared = statements.prepared;
  /** Which projection owns a collection. */
  const owners = new Map<string, { projection: string; specs: readonly CollectionSpec[] }>();
  const layouts = new Map<string, Layout>();
  const layout = (collection: string): Layout => {
    const known = layouts.get(collection);
    if (!known) throw new Error(`Unknown collection: ${collection}`);
    return known;
  };
  /** The live generation of each projection's tables, kept in step with every swap this store makes. */
  const generations = new Map<string, number>();

  const liveGeneration = (collection: string): number => {
    const owner = owners.get(collection);
    if (!owner) throw new Error(`Unknown collection: ${collection}`);
    let generation = generations.get(owner.projection);
    if (generation === undefined) {
      generation = selectState.get(owner.projection)!.generation;
      generations.set(owner.projection, generation);
    }
    return generation;
  };

  /** Each table's statements, prepared on first use; forgotten when tables are swapped or dropped. */
  const docTables = new Map<string, SqliteDocTable>();
  const docTable = (collection: string, generation: number): SqliteDocTable => {
    const table = tableName(collection, generation);
    let known = docTables.get(table);
    if (!known) {
      known = sqliteDocTable(db, table, layout(collection));
      docTables.set(table, known);
    }
    return known;
  };

  const register = writeTransaction(db, (name: string, specs: readonly CollectionSpec[]) => {
    let row = selectState.get(name);
    if (!row) {
      db.prepare(
        'INSERT INTO projection_state (name, generation, collections) VALUES (?, 1, ?)',
      ).run(name, JSON.stringify(specs.map((s) => s.name)));
      row = selectState.get(name)!;
    }
    if (!specs.every((spec) => hasLayout(db, spec, row!.generation))) {
      // Tables from an earlier layout: start them afresh, and the projection replays the log.
      for (const spec of specs) dropCollectionTable(db, spec.name, row.generation);
      db.prepare('UPDATE projection_state SET checkpoint = NULL WHERE name = ?').run(name);
      statements.clear();
      docTables.clear();
      row = selectState.get(name)!;
    }
    for (const spec of specs) {
      createCollectionTable(db, spec, row.generation);
      owners.set(spec.name, { projection: name, specs });
      layouts.set(spec.name, layoutOf(spec));
    }
    return toState(row);
  });

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

  const stored = (name: string): StateRow => {
    const row = selectState.get(name);
    if (!row) throw new Error(`Unknown projection: ${name}`);
    return row;
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

  const specsOf = (name: string): readonly CollectionSpec[] => {
    for (const owner of owners.values()) if (owner.projection === name) return owner.specs;
    throw new Error(`Unknown projection: ${name}`);
  };

  const beginRebuild = writeTransaction(db, (name: string) => {
    const row = selectState.get(name);
    if (!row) throw new Error(`Unknown projection: ${name}`);
    if (row.rebuild_generation !== null) {
      for (const spec of specsOf(name)) dropCollectionTable(db, spec.name, row.rebuild_generation);
      statements.clear();
      docTables.clear();
    }
    const generation = Math.max(row.generation, row.rebuild_generation ?? 0) + 1;
    // Written inline, the tables are filled first and indexed once (several times faster than
    // keeping the indexes on every write). Written by the thread, they keep their indexes from the
    // start: that thread has time to spare, and no single index build then holds the database
    // (and, on this connection, the event loop) for seconds at the end.
    for (const spec of specsOf(name))
      createCollectionTable(db, spec, generation, { indexes: rebuildWrites !== undefined });
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
    statements.clear();
    docTables.clear();
  });

  const abandonRebuild = writeTransaction(db, (name: string, generation: number) => {
    const row = selectState.get(name);
    if (!row || row.rebuild_generation !== generation) return;
    for (const spec of specsOf(name)) dropCollectionTable(db, spec.name, generation);
    db.prepare(
      'UPDATE projection_state SET rebuild_generation = NULL, rebuild_checkpoint = NULL WHERE name = ?',
    ).run(name);
    statements.clear();
    docTables.clear();
  });

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
    },
    abandonRebuild: async (name, generation) => {
      await released(name);
      abandonRebuild(name, generation);
    },
    ping: promised(() => {
      db.prepare('SELECT 1').get();
    }),
  };
};
