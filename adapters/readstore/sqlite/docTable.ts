import type { Doc } from '../../../projections/projection.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import type { DocTable } from './applyChange.js';
import type { Bound, Layout } from './layout.js';

/** A document as its table stores it: `id`, `doc` (the JSON), then the layout's columns. */
export type DocRow = Bound[];

export const docRow = (doc: Doc, layout: Layout): DocRow => [
  doc.id,
  JSON.stringify(doc),
  ...layout.values(doc),
];

/**
 * The statement that writes a row. It changes the row in place: a replace would delete it and
 * insert it again, with every index entry of both.
 */
export const upsertSql = (table: string, columns: readonly string[]): string => {
  const names = ['id', 'doc', ...columns].join(', ');
  const marks = ['?', '?', ...columns.map(() => '?')].join(', ');
  const updates = ['doc', ...columns].map((c) => `${c} = excluded.${c}`).join(', ');
  return `INSERT INTO ${table} (${names}) VALUES (${marks}) ON CONFLICT (id) DO UPDATE SET ${updates}`;
};

export const deleteSql = (table: string): string => `DELETE FROM ${table} WHERE id = ?`;

/** One collection's table of one generation, its statements prepared once. */
export const sqliteDocTable = (db: SqliteDatabase, table: string, layout: Layout): DocTable => {
  const select = db.prepare<[string], { doc: string }>(`SELECT doc FROM ${table} WHERE id = ?`);
  const upsert = db.prepare<unknown[]>(upsertSql(table, layout.columns));
  const remove = db.prepare<[string]>(deleteSql(table));
  return {
    read: (id) => {
      const row = select.get(id);
      return row ? (JSON.parse(row.doc) as Doc) : undefined;
    },
    write: (doc) => {
      upsert.run(docRow(doc, layout));
    },
    remove: (id) => {
      remove.run(id);
    },
  };
};
