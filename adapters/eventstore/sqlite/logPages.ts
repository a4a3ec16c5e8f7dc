import type { Statement } from 'better-sqlite3';
import type { EventMetadata, RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { limitClause } from '../../sqlite/limitClause.js';
import type { ReadAllOptions, ReadAllPage } from '../port.js';
import { filterSql } from './filterSql.js';

/**
 * The columns every read selects, in this order. Rows are read as arrays: a row object per event
 * would be built only to be copied into the recorded event.
 */
export const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, recorded_at';
export type EventRow = [
  position: number,
  id: string,
  stream: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  recorded_at: string,
];

export const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row[1],
  type: row[4],
  stream: row[2],
  revision: row[3],
  position: position(row[0]),
  recorded_at: row[7],
  data: JSON.parse(row[5]) as unknown,
  metadata: JSON.parse(row[6]) as EventMetadata,
});

/**
 * Reads the log a page at a time in position order, on any connection to its database: the event
 * store's own, or a thread's that reads the log beside it.
 */
export const logPages = (db: SqliteDatabase): ((options: ReadAllOptions) => ReadAllPage) => {
  const head = db.prepare<[], { position: number | null }>(
    'SELECT max(position) AS position FROM events',
  );
  const statements = new Map<string, Statement<unknown[], EventRow>>();
  const filters = new WeakMap<object, ReturnType<typeof filterSql>>();
  const filterOf = (filter: ReadAllOptions['filter']) => {
    if (!filter) return filterSql(undefined);
    let sql = filters.get(filter);
    if (!sql) {
      sql = filterSql(filter);
      filters.set(filter, sql);
    }
    return sql;
  };

  const statementOf = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[], EventRow>(sql).raw();
      statements.set(sql, statement);
    }
    return statement;
  };

  /** Newest first, from just before `before` (or the end): what is appended meanwhile is later. */
  const readBackward = (options: ReadAllOptions): ReadAllPage => {
    const filter = filterOf(options.filter);
    const before = options.before === undefined ? Number.MAX_SAFE_INTEGER : Number(options.before);
    const sql = `SELECT ${EVENT_COLUMNS} FROM events WHERE position < ?${filter.clause} ORDER BY position DESC${limitClause(options.limit)}`;
    const events = statementOf(sql)
      .all(before, ...filter.params)
      .map(toRecorded);
    const scannedTo = events[events.length - 1]?.position ?? options.before;
    return { events, scannedTo, atEnd: events.length < options.limit };
  };

  // The head is read first and bounds the page: rows appended after it are left for the next
  // read, so `scannedTo` never passes an event the page did not see, without a read transaction.
  return (options) => {
    if (options.direction === 'backward') return readBackward(options);
    const last = head.get()?.position ?? null;
    const after = options.after === undefined ? 0 : Number(options.after);
    if (last === null || last <= after)
      return { events: [], scannedTo: options.after, atEnd: true };
    const filter = filterOf(options.filter);
    const sql = `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? AND position <= ?${filter.clause} ORDER BY position${limitClause(options.limit)}`;
    const rows = statementOf(sql).all(after, last, ...filter.params);
    const events = rows.map(toRecorded);
    if (rows.length === options.limit) {
      return { events, scannedTo: events[events.length - 1]!.position, atEnd: false };
    }
    return { events, scannedTo: position(last), atEnd: true };
  };
};
