import type { CollectionSpec, Doc } from '../../../projections/projection.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { checkName } from '../checkName.js';
import { tableName } from './tables.js';

export type Bound = string | number | null;

/**
 * How a collection sits in its table: the document as JSON, and every field an index names also
 * in a column of its own, written from the document on each write. Indexes and queries on those
 * fields then read a column instead of parsing the document: an index is built several times
 * faster, and a write maintains it for a fraction of the cost. Other fields are read from the
 * document.
 */
export type Layout = {
  /** The SQL for a field in a condition or an ORDER BY. */
  field: (name: string) => string;
  /** The columns beside `id` and `doc`, in the order `values` gives them. */
  columns: readonly string[];
  values: (doc: Doc) => Bound[];
};

const columnOf = (name: string) => `f_${checkName('field', name)}`;

/** A document's value as json_extract reads it, so a column and the document always agree. */
const bindable = (value: unknown): Bound => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return JSON.stringify(value);
};

export const layoutOf = (spec: CollectionSpec): Layout => {
  const fields = [...new Set(spec.indexes.flat())].filter((name) => name !== 'id');
  const indexed = new Set(fields);
  return {
    field: (name) =>
      name === 'id'
        ? 'id'
        : indexed.has(name)
          ? columnOf(name)
          : `json_extract(doc, '$.${checkName('field', name)}')`,
    columns: fields.map(columnOf),
    values: (doc) => fields.map((name) => bindable(doc[name])),
  };
};

/** A collection's table, with its indexes unless a rebuild will build them once it is filled. */
export const createCollectionTable = (
  db: SqliteDatabase,
  spec: CollectionSpec,
  generation: number,
  options: { indexes: boolean } = { indexes: true },
): void => {
  const table = tableName(spec.name, generation);
  const columns = layoutOf(spec).columns.map((column) => `, ${column}`);
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL${columns.join('')})`,
  );
  if (options.indexes) createCollectionIndexes(db, spec, generation);
};

export const createCollectionIndexes = (
  db: SqliteDatabase,
  spec: CollectionSpec,
  generation: number,
): void => {
  const table = tableName(spec.name, generation);
  const layout = layoutOf(spec);
  spec.indexes.forEach((fields, i) => {
    const columns = [...fields.map(layout.field), 'id'].join(', ');
    db.exec(`CREATE INDEX IF NOT EXISTS ${table}_ix${i} ON ${table} (${columns})`);
  });
};

/**
 * Whether a table written by an earlier version still has the layout of this spec. One that does
 * not is dropped and the projection rebuilt from the log, the way any read model is restored.
 */
export const hasLayout = (db: SqliteDatabase, spec: CollectionSpec, generation: number) => {
  const table = tableName(spec.name, generation);
  const present = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map(
    (column) => column.name,
  );
  if (present.length === 0) return true;
  const expected = ['id', 'doc', ...layoutOf(spec).columns];
  return present.length === expected.length && expected.every((c) => present.includes(c));
};
