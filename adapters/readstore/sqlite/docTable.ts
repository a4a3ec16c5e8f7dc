import type { Doc } from '../../../projections/projection.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import type { DocTable } from './applyChange.js';
import type { Layout } from './layout.js';

/**
 * One collection's table of one generation, its statements prepared once. A write changes the row
 * in place: a replace would delete it and insert it again, with every index entry of both.
 */
export const sqliteDocTable = (db: SqliteDatabase, table: string, layout: Layout): DocTable => {
  const columns = layout.columns;
  const names = ['id', 'doc', ...columns].join(', ');
  const marks = ['?', '?', ...columns.map(() => '?')].join(', ');
  const updates = ['doc', ...columns].map((c) => `${c} = excluded.${c}`).join(', ');
  const select = db.prepare<[string], { doc: string }>(`SELECT doc FROM ${table} WHERE id = ?`);
  const upsert = db.prepare<unknown[]>(
    `INSERT INTO ${table} (${names}) VALUES (${marks}) ON CONFLICT (id) DO UPDATE SET ${updates}`,
  );
  const remove = db.prepare<[string]>(`DELETE FROM ${table} WHERE id = ?`);
  return {
    read: (id) => {
      const row = select.get(id);
      return row ? (JSON.parse(row.doc) as Doc) : undefined;
    },
    write: (doc) => {
      upsert.run(doc.id, JSON.stringify(doc), ...layout.values(doc));
    },
    remove: (id) => {
      remove.run(id);
    },
  };
};
