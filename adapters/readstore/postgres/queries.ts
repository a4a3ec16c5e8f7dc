import type { Doc } from '../../../projections/projection.js';
import type { CollectionSpec } from '../../../projections/projection.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import { decodeCursor, pageOf } from '../cursor.js';
import type { FindPage, FindQuery, FirstOfEachQuery } from '../port.js';
import { InvalidCursorError } from '../port.js';
import { layoutOf } from './sortKeys.js';
import { viewName } from './tables.js';

type Filter = Omit<FindQuery, 'cursor' | 'limit'>;

/**
 * One statement per group: the least (group, order, id) past the last group found, which an index
 * on (group, order) reaches in one seek however long the group.
 */
const firstOfEach = async (
  db: PostgresDatabase,
  specOf: (collection: string) => Promise<CollectionSpec>,
  collection: string,
  query: FirstOfEachQuery,
): Promise<Doc[]> => {
  const { field } = layoutOf(await specOf(collection));
  const group = field(query.groupBy);
  const order = field(query.orderBy);
  const docs: Doc[] = [];
  let after: string | null = query.after === undefined ? null : group.bind(query.after);
  while (docs.length < query.limit) {
    const past =
      after === null
        ? `${group.expression} IS NOT NULL`
        : `${group.expression} > $1::${group.cast}`;
    const found = await db.pool.query<{ doc: Doc; g: string }>(
      `SELECT doc, ${group.expression}::text AS g FROM ${viewName(collection)} WHERE ${past}
       ORDER BY ${group.expression} ASC NULLS FIRST, ${order.expression} ASC NULLS FIRST, id
       LIMIT 1`,
      after === null ? [] : [after],
    );
    const row = found.rows[0];
    if (!row) break;
    docs.push(row.doc);
    after = row.g;
  }
  return docs;
};

/** Reads of the live tables, through each collection's view. */
export const postgresQueries = (
  db: PostgresDatabase,
  specOf: (collection: string) => Promise<CollectionSpec>,
) => {
  /** The WHERE conditions of a query, but for its cursor, with its parameters. */
  const conditionsOf = async (collection: string, query: Filter) => {
    const { field } = layoutOf(await specOf(collection));
    const conditions: string[] = [];
    const params: Array<string | null> = [];
    const bound = (value: string | null, cast: string) => {
      params.push(value);
      return `$${params.length}::${cast}`;
    };
    for (const [name, value] of Object.entries(query.where ?? {})) {
      const f = field(name);
      if (value === null) conditions.push(`${f.expression} IS NULL`);
      else conditions.push(`${f.expression} = ${bound(f.bind(value), f.cast)}`);
    }
    for (const [name, values] of Object.entries(query.exclude ?? {})) {
      if (values.length === 0) continue;
      const f = field(name);
      const listed = values.map((value) => bound(f.bind(value), f.cast));
      conditions.push(`${f.expression} NOT IN (${listed.join(', ')})`);
    }
    const sort = field(query.orderBy.field);
    if (query.range?.gte !== undefined)
      conditions.push(`${sort.expression} >= ${bound(sort.bind(query.range.gte), sort.cast)}`);
    if (query.range?.lte !== undefined)
      conditions.push(`${sort.expression} <= ${bound(sort.bind(query.range.lte), sort.cast)}`);
    return { conditions, params, sort, bound };
  };

  const whereOf = (conditions: string[]) =>
    conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';

  return {
    get: async (collection: string, id: string): Promise<Doc | undefined> => {
      await specOf(collection);
      const found = await db.pool.query<{ doc: Doc }>(
        `SELECT doc FROM ${viewName(collection)} WHERE id = $1`,
        [id],
      );
      return found.rows[0]?.doc;
    },
    find: async (collection: string, query: FindQuery): Promise<FindPage> => {
      const { conditions, params, sort, bound } = await conditionsOf(collection, query);
      const asc = query.orderBy.direction === 'asc';
      if (query.cursor !== undefined) {
        const decoded = decodeCursor(query.cursor);
        if (!decoded) throw new InvalidCursorError();
        const value = bound(sort.bind(decoded[0]), sort.cast);
        const id = bound(decoded[1], 'text');
        conditions.push(`(${sort.expression}, id) ${asc ? '>' : '<'} (${value}, ${id})`);
      }
      // Null first going up, as SQLite sorts it.
      const order = asc ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
      const rows = await db.pool.query<{ doc: Doc }>(
        `SELECT doc FROM ${viewName(collection)} ${whereOf(conditions)}
         ORDER BY ${sort.expression} ${order}, id ${asc ? 'ASC' : 'DESC'} LIMIT ${query.limit + 1}`,
        params,
      );
      return pageOf(
        rows.rows.map((row) => row.doc),
        query.limit,
        query.orderBy.field,
      );
    },
    count: async (collection: string, query: Filter, atMost?: number): Promise<number> => {
      const { conditions, params } = await conditionsOf(collection, query);
      const source = `SELECT 1 FROM ${viewName(collection)} ${whereOf(conditions)}`;
      const sql =
        atMost === undefined
          ? `SELECT count(*) AS count FROM (${source}) AS found`
          : `SELECT count(*) AS count FROM (${source} LIMIT ${Math.max(0, Math.floor(atMost))}) AS found`;
      const result = await db.pool.query<{ count: string }>(sql, params);
      return Number(result.rows[0]?.count ?? 0);
    },
    firstOfEach: (collection: string, query: FirstOfEachQuery) =>
      firstOfEach(db, specOf, collection, query),
  };
};
