import type { Statement } from 'better-sqlite3';
import type { Either } from 'fp-ts/lib/Either.js';
import { isRight, left, right } from 'fp-ts/lib/Either.js';
import type {
  EventMetadata,
  NewEvent,
  Position,
  RecordedEvent,
} from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import type {
  AppendResult,
  ConcurrencyConflict,
  EventStore,
  ExpectedRevision,
  InTransactionListener,
  ReadAllOptions,
  ReadAllPage,
} from '../port.js';
import { appendSignal, pullSubscription } from '../pullSubscription.js';
import { filterSql } from './filterSql.js';
import { createEventTables } from './schema.js';
import { limitClause } from '../../sqlite/limitClause.js';
import { promised } from '../../sqlite/promised.js';

/**
 * The columns every read selects, in this order. Rows are read as arrays: a row object per event
 * would be built only to be copied into the recorded event.
 */
const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, recorded_at';
type EventRow = [
  position: number,
  id: string,
  stream: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  recorded_at: string,
];

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row[1],
  type: row[4],
  stream: row[2],
  revision: row[3],
  position: position(row[0]),
  recorded_at: row[7],
  data: JSON.parse(row[5]) as unknown,
  metadata: JSON.parse(row[6]) as EventMetadata,
});

const satisfies = (expected: ExpectedRevision, actual: number): boolean => {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  if (expected === 'stream_exists') return actual >= 0;
  return expected === actual;
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

  const currentRevision = db.prepare<[string], { revision: number | null }>(
    'SELECT max(revision) AS revision FROM events WHERE stream = ?',
  );
  const insert = db.prepare<[string, string, number, string, string, string, string]>(
    `INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
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
  const head = db.prepare<[], { position: number | null }>(
    'SELECT max(position) AS position FROM events',
  );
  const readAllStatements = new Map<string, Statement<unknown[], EventRow>>();

  const appendTransaction = db.transaction(
    (
      stream: string,
      events: readonly NewEvent[],
      expected: ExpectedRevision,
    ): Either<ConcurrencyConflict, AppendResult & { before: Position | undefined }> => {
      const actual = currentRevision.get(stream)?.revision ?? -1;
      if (!satisfies(expected, actual)) {
        const conflict: ConcurrencyConflict = {
          kind: 'concurrency_conflict',
          stream,
          expected,
          actual,
        };
        return left(conflict);
      }
      const before = head.get()?.position ?? null;
      const recordedAt = now().toISOString();
      const recorded: RecordedEvent[] = events.map((event, index) => {
        const revision = actual + 1 + index;
        const info = insert.run(
          event.id,
          stream,
          revision,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          recordedAt,
        );
        return {
          ...event,
          stream,
          revision,
          position: position(info.lastInsertRowid),
          recorded_at: recordedAt,
        };
      });
      const last = recorded[recorded.length - 1]!;
      const beforePosition = before === null ? undefined : position(before);
      for (const listener of inTransactionListeners) listener(recorded, beforePosition);
      return right({
        nextExpectedRevision: last.revision,
        position: last.position,
        events: recorded,
        before: beforePosition,
      });
    },
  );

  type Queued = {
    stream: string;
    events: readonly NewEvent[];
    expected: ExpectedRevision;
    resolve: (result: Either<ConcurrencyConflict, AppendResult>) => void;
    reject: (error: Error) => void;
  };
  let queued: Queued[] = [];

  /**
   * Group commit: the appends asked for in one turn of the event loop are written together at its
   * end, in one transaction, each in a savepoint of its own with its own revision check, so that
   * concurrent commands share the cost of a commit (a commit writes every page it touched to the
   * WAL, and pages such as the ends of indexes are shared). Each caller hears of its append once
   * the whole group is committed.
   */
  const appendOne = (item: Queued) => {
    try {
      return appendTransaction(item.stream, item.events, item.expected);
    } catch (error) {
      // A writer in another process won the race between our read and our insert.
      if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      const actual = currentRevision.get(item.stream)?.revision ?? -1;
      return left({
        kind: 'concurrency_conflict' as const,
        stream: item.stream,
        expected: item.expected,
        actual,
      });
    }
  };
  // Alone, an append is its own transaction; in a group, each is a savepoint of the group's.
  const commitGroup = db.transaction((group: readonly Queued[]) => group.map(appendOne));
  const commit = (group: readonly Queued[]) =>
    group.length === 1 ? [appendOne(group[0]!)] : commitGroup(group);

  const commitQueued = () => {
    const group = queued;
    queued = [];
    let results: ReturnType<typeof commitGroup>;
    try {
      results = commit(group);
    } catch (error) {
      for (const item of group)
        item.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    results.forEach((result, i) => {
      const item = group[i]!;
      if (isRight(result)) {
        const { before, ...appended } = result.right;
        signal.notify({
          unknown: false,
          before,
          last: appended.position,
          events: appended.events,
        });
        item.resolve(right(appended));
      } else {
        item.resolve(result);
      }
    });
  };

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

  // The head is read first and bounds the page: rows appended after it are left for the next
  // read, so `scannedTo` never passes an event the page did not see, without a read transaction.
  const readPage = (options: ReadAllOptions): ReadAllPage => {
    const last = head.get()?.position ?? null;
    const after = options.after === undefined ? 0 : Number(options.after);
    if (last === null || last <= after)
      return { events: [], scannedTo: options.after, atEnd: true };
    const filter = filterOf(options.filter);
    const sql = `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? AND position <= ?${filter.clause} ORDER BY position${limitClause(options.limit)}`;
    let statement = readAllStatements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[], EventRow>(sql).raw();
      readAllStatements.set(sql, statement);
    }
    const rows = statement.all(after, last, ...filter.params);
    const events = rows.map(toRecorded);
    if (rows.length === options.limit) {
      return { events, scannedTo: events[events.length - 1]!.position, atEnd: false };
    }
    return { events, scannedTo: position(last), atEnd: true };
  };
  const readAll = promised(readPage);

  return {
    append: (stream, events, expected) => {
      if (events.length === 0)
        return Promise.reject(new Error('An append needs at least one event.'));
      return new Promise((resolve, reject) => {
        queued.push({ stream, events, expected, resolve, reject });
        // Every append asked for in this turn of the event loop waits for its end, and they
        // commit together.
        if (queued.length === 1) setImmediate(commitQueued);
      });
    },
    readStream: promised(
      (stream: string, options: { fromRevision?: number; limit?: number } = {}) =>
        streamRows(options.limit)
          .all(stream, options.fromRevision ?? 0)
          .map(toRecorded),
    ),
    readAll,
    subscribe: (options, handler) => pullSubscription(readAll, signal, options, handler),
    headPosition: promised(() => {
      const last = head.get()?.position ?? null;
      return last === null ? undefined : position(last);
    }),
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
