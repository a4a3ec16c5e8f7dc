import type { Statement } from 'better-sqlite3';
import type { Position } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import type { EventStore, InTransactionListener } from '../port.js';
import { appendSignal, pullSubscription } from '../pullSubscription.js';
import type { EventRow } from './logPages.js';
import { EVENT_COLUMNS, logPages, toRecorded } from './logPages.js';
import { createEventTables } from './schema.js';
import { groupCommitAppends } from './groupCommit.js';
import { limitClause } from '../../sqlite/limitClause.js';
import { promised } from '../../sqlite/promised.js';

/** A stream's events in revision order, from a revision on; one prepared statement per limit. */
const streamReads = (db: SqliteDatabase) => {
  const streamStatements = new Map<number | undefined, Statement<[string, number], EventRow>>();
  const streamRows = (limit: number | undefined) => {
    let statement = streamStatements.get(limit);
    if (!statement) {
      statement = db
        .prepare<[string, number], EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision${limitClause(limit)}`,
        )
        .raw();
      streamStatements.set(limit, statement);
    }
    return statement;
  };
  return (stream: string, options: { fromRevision?: number; limit?: number } = {}) =>
    streamRows(options.limit)
      .all(stream, options.fromRevision ?? 0)
      .map(toRecorded);
};

/**
 * The embedded event store: the log in one SQLite table. Appends are synchronous transactions,
 * so an append that returned is on disk (WAL) before any caller hears of it.
 */
export const sqliteEventStore = (
  db: SqliteDatabase,
  options: { now?: () => Date } = {},
): EventStore => {
  createEventTables(db);
  const now = options.now ?? (() => new Date());
  const signal = appendSignal();
  const inTransactionListeners = new Set<InTransactionListener>();

  const head = db.prepare<[], { position: number | null }>(
    'SELECT max(position) AS position FROM events',
  );
  const headPosition = (): Position | undefined => {
    const last = head.get()?.position ?? null;
    return last === null ? undefined : position(last);
  };

  const append = groupCommitAppends(db, { now, signal, headPosition, inTransactionListeners });
  const readPage = logPages(db);
  const readAll = promised(readPage);

  return {
    append,
    readStream: promised(streamReads(db)),
    readAll,
    subscribe: (options, handler) => pullSubscription(readAll, signal, options, handler),
    headPosition: promised(headPosition),
    // Positions are the table's AUTOINCREMENT row ids: events are never deleted and a rolled-back
    // append takes its ids back with it, so they run without gaps, and a count is a subtraction
    // rather than a walk through every row after the position.
    countAfter: promised((after: Position | undefined) =>
      Math.max(0, (head.get()?.position ?? 0) - (after === undefined ? 0 : Number(after))),
    ),
    inTransaction: (listener) => {
      inTransactionListeners.add(listener);
      return () => inTransactionListeners.delete(listener);
    },
    ping: promised(() => {
      db.prepare('SELECT 1').get();
    }),
    close: () => {
      signal.notify({ unknown: true });
      return Promise.resolve();
    },
  };
};
