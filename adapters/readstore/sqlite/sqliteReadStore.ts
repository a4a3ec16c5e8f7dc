import type { Statement } from 'better-sqlite3';
import type { Position } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { Change, CollectionSpec, Doc } from '../../../projections/projection.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import type { FindQuery, ProjectionState, ReadStore, Scalar, Target } from '../port.js';
import { batchGeneration } from '../batchTarget.js';
import { InvalidCursorError } from '../port.js';
import { limitClause } from '../../sqlite/limitClause.js';
import { promised } from '../../sqlite/promised.js';
import type { DocTable } from './applyChange.js';
import { applyChange } from './applyChange.js';
import { batchedTable } from './batchedTable.js';
import { sqliteDocTable } from './docTable.js';
import { decodeCursor, pageOf } from '../cursor.js';
import type { Layout } from './layout.js';
import { createCollectionIndexes, createCollectionTable, hasLayout, layoutOf } from './layout.js';
import { createStateTable, dropCollectionTable, tableName } from './tables.js';

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

/** SQLite stores booleans as 1 and 0: bind them the way json_extract reads them. */
const bindable = (value: Scalar): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

/** The embedded read store: each collection a table of JSON documents in the same SQLite file. */
export const sqliteReadStore = (db: SqliteDatabase): ReadStore => {
  createStateTable(db);
  const selectState = db.prepare<[string], StateRow>(
    'SELECT * FROM projection_state WHERE name = ?',
  );
  const statements = new Map<string, Statement<unknown[]>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
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
  const docTables = new Map<string, DocTable>();
  const docTable = (collection: string, generation: number): DocTable => {
    const table = tableName(collection, generation);
    let known = docTables.get(table);
    if (!known) {
      known = sqliteDocTable(db, table, layout(collection));
      docTables.set(table, known);
    }
    return known;
  };

  const register = db.transaction((name: string, specs: readonly CollectionSpec[]) => {
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

  const applyBatch = db.transaction(
    (name: string, target: Target, changes: readonly Change[], checkpoint: Position) => {
      const row = selectState.get(name);
      if (!row) throw new Error(`Unknown projection: ${name}`);
      const generation = batchGeneration(name, row, target, checkpoint);
      if (generation === null) return false;
      const tables = new Map<string, ReturnType<typeof batchedTable>>();
      for (const change of changes) {
        if (owners.get(change.collection)?.projection !== name) {
          throw new Error(`Projection ${name} does not own ${change.collection}.`);
        }
        let table = tables.get(change.collection);
        if (!table) {
          table = batchedTable(docTable(change.collection, generation));
          tables.set(change.collection, table);
        }
        applyChange(table, change);
      }
      for (const table of tables.values()) table.flush();
      const column = target.kind === 'live' ? 'checkpoint' : 'rebuild_checkpoint';
      prepared(`UPDATE projection_state SET ${column} = ? WHERE name = ?`).run(checkpoint, name);
      return true;
    },
  );

  const specsOf = (name: string): readonly CollectionSpec[] => {
    for (const owner of owners.values()) if (owner.projection === name) return owner.specs;
    throw new Error(`Unknown projection: ${name}`);
  };

  const beginRebuild = db.transaction((name: string) => {
    const row = selectState.get(name);
    if (!row) throw new Error(`Unknown projection: ${name}`);
    if (row.rebuild_generation !== null) {
      for (const spec of specsOf(name)) dropCollectionTable(db, spec.name, row.rebuild_generation);
      statements.clear();
      docTables.clear();
    }
    const generation = Math.max(row.generation, row.rebuild_generation ?? 0) + 1;
    for (const spec of specsOf(name))
      createCollectionTable(db, spec, generation, { indexes: false });
    db.prepare(
      'UPDATE projection_state SET rebuild_generation = ?, rebuild_checkpoint = NULL WHERE name = ?',
    ).run(generation, name);
    return generation;
  });

  const indexRebuild = (name: string, generation: number) => {
    for (const spec of specsOf(name)) createCollectionIndexes(db, spec, generation);
  };

  const completeRebuild = db.transaction((name: string, generation: number) => {
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

  const abandonRebuild = db.transaction((name: string, generation: number) => {
    const row = selectState.get(name);
    if (!row || row.rebuild_generation !== generation) return;
    for (const spec of specsOf(name)) dropCollectionTable(db, spec.name, generation);
    db.prepare(
      'UPDATE projection_state SET rebuild_generation = NULL, rebuild_checkpoint = NULL WHERE name = ?',
    ).run(name);
    statements.clear();
    docTables.clear();
  });

  /** The WHERE conditions of a query, but for its cursor. */
  const conditionsOf = (collection: string, query: Omit<FindQuery, 'cursor' | 'limit'>) => {
    const field = layout(collection).field;
    const conditions: string[] = [];
    const params: Array<string | number | null> = [];
    for (const [name, value] of Object.entries(query.where ?? {})) {
      if (value === null) conditions.push(`${field(name)} IS NULL`);
      else {
        conditions.push(`${field(name)} = ?`);
        params.push(bindable(value));
      }
    }
    for (const [name, values] of Object.entries(query.exclude ?? {})) {
      if (values.length === 0) continue;
      conditions.push(`${field(name)} NOT IN (${values.map(() => '?').join(', ')})`);
      params.push(...values.map(bindable));
    }
    const sort = field(query.orderBy.field);
    if (query.range?.gte !== undefined) {
      conditions.push(`${sort} >= ?`);
      params.push(bindable(query.range.gte));
    }
    if (query.range?.lte !== undefined) {
      conditions.push(`${sort} <= ?`);
      params.push(bindable(query.range.lte));
    }
    return { conditions, params, sort };
  };

  const count = (collection: string, query: Omit<FindQuery, 'cursor' | 'limit'>) => {
    const table = tableName(collection, liveGeneration(collection));
    const { conditions, params } = conditionsOf(collection, query);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const row = prepared(`SELECT count(*) AS count FROM ${table} ${where}`).get(...params) as {
      count: number;
    };
    return row.count;
  };

  const find = (collection: string, query: FindQuery) => {
    const table = tableName(collection, liveGeneration(collection));
    const { conditions, params, sort } = conditionsOf(collection, query);
    const direction = query.orderBy.direction === 'asc' ? 'ASC' : 'DESC';
    if (query.cursor !== undefined) {
      const decoded = decodeCursor(query.cursor);
      if (!decoded) throw new InvalidCursorError();
      conditions.push(`(${sort}, id) ${direction === 'ASC' ? '>' : '<'} (?, ?)`);
      params.push(bindable(decoded[0]), decoded[1]);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = prepared(
      `SELECT doc FROM ${table} ${where} ORDER BY ${sort} ${direction}, id ${direction}${limitClause(query.limit + 1)}`,
    ).all(...params) as Array<{ doc: string }>;
    return pageOf(
      rows.map((r) => JSON.parse(r.doc) as Doc),
      query.limit,
      query.orderBy.field,
    );
  };

  return {
    registerProjection: promised(register),
    state: promised((name: string) => {
      const row = selectState.get(name);
      return row ? toState(row) : undefined;
    }),
    apply: promised(applyBatch),
    // A transaction opened inside another is a savepoint of it: it commits or rolls back with it.
    applyInTransaction: (name, changes, checkpoint) =>
      applyBatch(name, { kind: 'live' }, changes, checkpoint),
    get: promised((collection: string, id: string) =>
      docTable(collection, liveGeneration(collection)).read(id),
    ),
    find: promised(find),
    count: promised(count),
    beginRebuild: promised(beginRebuild),
    indexRebuild: promised(indexRebuild),
    completeRebuild: promised((name: string, generation: number) => {
      completeRebuild(name, generation);
      // Only once the swap has committed do reads go to the new tables.
      generations.set(name, generation);
    }),
    abandonRebuild: promised(abandonRebuild),
    ping: promised(() => {
      db.prepare('SELECT 1').get();
    }),
  };
};
