import type { CollectionSpec } from '../../../projections/projection.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { writeTransaction } from '../../sqlite/database.js';
import { statementCache } from '../../sqlite/statementCache.js';
import type { ProjectionState } from '../port.js';
import type { SqliteDocTable } from './docTable.js';
import { sqliteDocTable } from './docTable.js';
import type { Layout } from './layout.js';
import { createCollectionTable, hasLayout, layoutOf } from './layout.js';
import { createStateTable, dropCollectionTable, tableName } from './tables.js';
import { toProjectionState } from '../projectionState.js';

export type StateRow = {
  name: string;
  generation: number;
  checkpoint: string | null;
  rebuild_generation: number | null;
  rebuild_checkpoint: string | null;
  collections: string;
};

export const toState = (row: StateRow): ProjectionState => toProjectionState(row.name, row);

/**
 * What the store knows of its projections: their stored state, the collections each owns and how
 * they are laid out, the live generation of their tables, and each table's prepared statements.
 */
export const projectionRegistry = (db: SqliteDatabase) => {
  createStateTable(db);
  const selectState = db.prepare<[string], StateRow>(
    'SELECT * FROM projection_state WHERE name = ?',
  );
  const statements = statementCache(db);
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
  const forgetStatements = () => {
    statements.clear();
    docTables.clear();
  };

  const stored = (name: string): StateRow => {
    const row = selectState.get(name);
    if (!row) throw new Error(`Unknown projection: ${name}`);
    return row;
  };

  const specsOf = (name: string): readonly CollectionSpec[] => {
    for (const owner of owners.values()) if (owner.projection === name) return owner.specs;
    throw new Error(`Unknown projection: ${name}`);
  };

  return {
    selectState,
    prepared: statements.prepared,
    owners,
    layouts,
    layout,
    generations,
    liveGeneration,
    docTable,
    forgetStatements,
    stored,
    specsOf,
  };
};

export type ProjectionRegistry = ReturnType<typeof projectionRegistry>;

/** Registers a projection's collections, making their tables, and gives its state. */
export const registration = (db: SqliteDatabase, registry: ProjectionRegistry) => {
  const { selectState, owners, layouts, forgetStatements } = registry;
  return writeTransaction(db, (name: string, specs: readonly CollectionSpec[]) => {
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
      forgetStatements();
      row = selectState.get(name)!;
    }
    for (const spec of specs) {
      createCollectionTable(db, spec, row.generation);
      owners.set(spec.name, { projection: name, specs });
      layouts.set(spec.name, layoutOf(spec));
    }
    return toState(row);
  });
};
