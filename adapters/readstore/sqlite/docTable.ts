import type { Statement } from 'better-sqlite3';
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

/**
 * The statement that writes back a document read from its row: the JSON, and only the columns
 * whose value changed, so that SQLite leaves the indexes on the others alone (an index is
 * rewritten when its columns are set, whatever their value). The columns left out must still hold
 * what was read, or nothing is written and the caller writes the whole row.
 */
export const rewriteSql = (
  table: string,
  columns: readonly string[],
  changed: readonly boolean[],
) => {
  const set = columns.filter((_, i) => changed[i]).map((c) => `, ${c} = ?`);
  const kept = columns.filter((_, i) => !changed[i]).map((c) => ` AND ${c} IS ?`);
  return `UPDATE ${table} SET doc = ?${set.join('')} WHERE id = ?${kept.join('')}`;
};

/** A table of documents; `patching` reads them to be written back (see sqliteDocTable). */
export type SqliteDocTable = DocTable & { patching: DocTable };

/**
 * One collection's table of one generation, its statements prepared once. Documents read through
 * `patching` are remembered with their column values, so that writing one back sets only the
 * columns that changed; plain reads (queries, a rebuild's look at the committed rows) keep nothing.
 */
export const sqliteDocTable = (
  db: SqliteDatabase,
  table: string,
  layout: Layout,
): SqliteDocTable => {
  const select = db.prepare<[string], { doc: string }>(`SELECT doc FROM ${table} WHERE id = ?`);
  const upsert = db.prepare<unknown[]>(upsertSql(table, layout.columns));
  const remove = db.prepare<[string]>(deleteSql(table));
  /** The column values of documents read through `patching`, by the object handed out. */
  const asRead = new WeakMap<Doc, Bound[]>();
  const rewrites = new Map<string, Statement<unknown[]>>();
  const rewrite = (before: Bound[], after: Bound[], doc: Doc): boolean => {
    const changed = after.map((value, i) => value !== before[i]);
    const key = changed.map((c) => (c ? '1' : '0')).join('');
    let statement = rewrites.get(key);
    if (!statement) {
      statement = db.prepare<unknown[]>(rewriteSql(table, layout.columns, changed));
      rewrites.set(key, statement);
    }
    const params: Bound[] = [JSON.stringify(doc)];
    for (let i = 0; i < after.length; i++) if (changed[i]) params.push(after[i]!);
    params.push(doc.id);
    for (let i = 0; i < after.length; i++) if (!changed[i]) params.push(before[i]!);
    return statement.run(params).changes === 1;
  };
  const read = (id: string): Doc | undefined => {
    const row = select.get(id);
    return row ? (JSON.parse(row.doc) as Doc) : undefined;
  };
  const write = (doc: Doc) => {
    const before = asRead.get(doc);
    if (before) {
      asRead.delete(doc);
      if (rewrite(before, layout.values(doc), doc)) return;
    }
    upsert.run(docRow(doc, layout));
  };
  const removeRow = (id: string) => {
    remove.run(id);
  };
  return {
    read,
    write,
    remove: removeRow,
    patching: {
      read: (id) => {
        const doc = read(id);
        if (doc && layout.columns.length > 0) asRead.set(doc, layout.values(doc));
        return doc;
      },
      write,
      remove: removeRow,
    },
  };
};
