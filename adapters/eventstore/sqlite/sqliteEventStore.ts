import type { Statement } from 'better-sqlite3';
import type { Either } from 'fp-ts/lib/Either.js';
import { isRight, left, right } from 'fp-ts/lib/Either.js';
import type { NewEvent, Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { writeTransaction } from '../../sqlite/database.js';
import type {
  AppendResult,
  ConcurrencyConflict,
  EventStore,
  ExpectedRevision,
  InTransactionListener,
} from '../port.js';
import { appendSignal, pullSubscription } from '../pullSubscription.js';
import type { EventRow } from './logPages.js';
import { EVENT_COLUMNS, logPages, toRecorded } from './logPages.js';
import { createEventTables } from './schema.js';
import { recentRevisions } from './recentRevisions.js';
import { limitClause } from '../../sqlite/limitClause.js';
import { promised } from '../../sqlite/promised.js';

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
  const recent = recentRevisions(10_000);
  const head = db.prepare<[], { position: number | null }>(
    'SELECT max(position) AS position FROM events',
  );

  /**
   * Where a stream stands, for an append's revision check. A new stream's first event is revision 0,
   * which the unique (stream, revision) lets only one append write; a stream as this store last
   * left it has no later revision unless another process wrote one, which that same unique refuses.
   * Either needs no read.
   */
  const revisionFor = (stream: string, expected: ExpectedRevision): number => {
    if (expected === 'no_stream') return -1;
    if (typeof expected === 'number' && recent.get(stream) === expected) return expected;
    return currentRevision.get(stream)?.revision ?? -1;
  };

  /** One append inside the group's transaction: the revision check, then its events. */
  const appendEvents = (
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Either<ConcurrencyConflict, AppendResult> => {
    const actual = revisionFor(stream, expected);
    if (!satisfies(expected, actual)) {
      const conflict: ConcurrencyConflict = {
        kind: 'concurrency_conflict',
        stream,
        expected,
        actual,
      };
      return left(conflict);
    }
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
      // Field by field: a literal that spreads the event builds its shape at run time.
      return {
        type: event.type,
        data: event.data,
        id: event.id,
        metadata: event.metadata,
        stream,
        revision,
        position: position(info.lastInsertRowid),
        recorded_at: recordedAt,
      };
    });
    const last = recorded[recorded.length - 1]!;
    return right({
      nextExpectedRevision: last.revision,
      position: last.position,
      events: recorded,
    });
  };
  // Several events are written all or none, in a savepoint; a single insert is atomic by itself.
  const appendEventsAtomically = db.transaction(appendEvents);

  type Queued = {
    stream: string;
    events: readonly NewEvent[];
    expected: ExpectedRevision;
    resolve: (result: Either<ConcurrencyConflict, AppendResult>) => void;
    reject: (error: Error) => void;
  };
  let queued: Queued[] = [];

  const appendOne = (item: Queued) => {
    try {
      const append = item.events.length === 1 ? appendEvents : appendEventsAtomically;
      return append(item.stream, item.events, item.expected);
    } catch (error) {
      // The stream is not new, or not where this store left it: another writer won the race.
      if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      recent.forget(item.stream);
      const actual = currentRevision.get(item.stream)?.revision ?? -1;
      return left({
        kind: 'concurrency_conflict' as const,
        stream: item.stream,
        expected: item.expected,
        actual,
      });
    }
  };

  /**
   * Group commit: the appends asked for in one turn of the event loop are written together at its
   * end, in one transaction, each with its own revision check, so that concurrent commands share
   * the cost of a commit (a commit writes every page it touched to the WAL, and pages such as the
   * ends of indexes are shared). What listens inside the transaction hears of the whole group's
   * events at once. Each caller hears of its append once the whole group is committed.
   */
  const commitGroup = writeTransaction(db, (group: readonly Queued[]) => {
    const headRow = head.get()?.position ?? null;
    const before = headRow === null ? undefined : position(headRow);
    const results = group.map(appendOne);
    const recorded = results.flatMap((result) => (isRight(result) ? result.right.events : []));
    if (recorded.length > 0) {
      for (const listener of inTransactionListeners) listener(recorded, before);
    }
    return { before, results };
  });

  const commitQueued = () => {
    const group = queued;
    queued = [];
    let committed: ReturnType<typeof commitGroup>;
    try {
      committed = commitGroup(group);
    } catch (error) {
      for (const item of group)
        item.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // Each append follows the one before it in the log: subscribers take its events as they are.
    let before = committed.before;
    committed.results.forEach((result, i) => {
      const item = group[i]!;
      if (isRight(result)) {
        const appended = result.right;
        recent.set(item.stream, appended.nextExpectedRevision);
        signal.notify({ unknown: false, before, last: appended.position, events: appended.events });
        before = appended.position;
      }
      item.resolve(result);
    });
  };

  const readPage = logPages(db);
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
