import type { Statement } from 'better-sqlite3';
import type { Doc } from '../../../projections/projection.js';
import { limitClause } from '../../sqlite/limitClause.js';
import { decodeCursor, pageOf } from '../cursor.js';
import type { FindPage, FindQuery, FirstOfEachQuery, Scalar } from '../port.js';
import { InvalidCursorError } from '../port.js';
import type { Layout } from './layout.js';

/** SQLite stores booleans as 1 and 0: bind them the way json_extract reads them. */
const bindable = (value: Scalar): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

type Filter = Omit<FindQuery, 'cursor' | 'limit'>;

/** Counting and listing the documents of a collection's live table. */
export const sqliteQueries = (parts: {
  layout: (collection: string) => Layout;
  liveTable: (collection: string) => string;
  prepared: (sql: string) => Statement<unknown[]>;
}): {
  count: (collection: string, query: Filter, atMost?: number) => number;
  find: (collection: string, query: FindQuery) => FindPage;
  firstOfEach: (collection: string, query: FirstOfEachQuery) => Doc[];
} => {
  const { layout, liveTable, prepared } = parts;
  /** The WHERE conditions of a query, but for its cursor. */
  const conditionsOf = (collection: string, query: Filter) => {
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

  const count = (collection: string, query: Filter, atMost?: number) => {
    const table = liveTable(collection);
    const { conditions, params } = conditionsOf(collection, query);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const sql =
      atMost === undefined
        ? `SELECT count(*) AS count FROM ${table} ${where}`
        : `SELECT count(*) AS count FROM (SELECT 1 FROM ${table} ${where}${limitClause(atMost)})`;
    const row = prepared(sql).get(...params) as { count: number };
    return row.count;
  };

  const find = (collection: string, query: FindQuery) => {
    const table = liveTable(collection);
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

  /**
   * One statement per group: the least (group, order, id) past the last group found. SQLite walks
   * an index on (group, order) straight to it, skipping every other document of the group before.
   */
  const firstOfEach = (collection: string, query: FirstOfEachQuery) => {
    const table = liveTable(collection);
    const { field } = layout(collection);
    const group = field(query.groupBy);
    const order = `ORDER BY ${group}, ${field(query.orderBy)}, id LIMIT 1`;
    const first = prepared(
      `SELECT doc, ${group} AS g FROM ${table} WHERE ${group} IS NOT NULL ${order}`,
    );
    const next = prepared(`SELECT doc, ${group} AS g FROM ${table} WHERE ${group} > ? ${order}`);
    const docs: Doc[] = [];
    let after = query.after;
    while (docs.length < query.limit) {
      const row = (after === undefined ? first.get() : next.get(after)) as
        { doc: string; g: string } | undefined;
      if (!row) break;
      docs.push(JSON.parse(row.doc) as Doc);
      after = row.g;
    }
    return docs;
  };

  return { count, find, firstOfEach };
};
