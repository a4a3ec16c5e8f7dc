import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { NewEvent, RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import type { AppendResult, ConcurrencyConflict, ExpectedRevision } from '../port.js';
import type { RecentRevisions } from './recentRevisions.js';
import { recentRevisions } from './recentRevisions.js';
import { satisfies } from '../expectedRevision.js';

/** What one append asks for: events for a stream, and where the stream is expected to stand. */
export type AppendRequest = {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
};

export type AppendOutcome = Either<ConcurrencyConflict, AppendResult>;

/** A stream's last revision as the log holds it, -1 when the stream does not exist. */
type CurrentRevision = (stream: string) => number;

const currentRevisions = (db: SqliteDatabase): CurrentRevision => {
  const currentRevision = db.prepare<[string], { revision: number | null }>(
    'SELECT max(revision) AS revision FROM events WHERE stream = ?',
  );
  return (stream) => currentRevision.get(stream)?.revision ?? -1;
};

/**
 * Where a stream stands, for an append's revision check. A new stream's first event is revision 0,
 * which the unique (stream, revision) lets only one append write; a stream as this store last
 * left it has no later revision unless another process wrote one, which that same unique refuses.
 * Either needs no read.
 */
const revisionFor = (
  current: CurrentRevision,
  recent: RecentRevisions,
  stream: string,
  expected: ExpectedRevision,
): number => {
  if (expected === 'no_stream') return -1;
  if (typeof expected === 'number' && recent.get(stream) === expected) return expected;
  return current(stream);
};

/** Writes an append's events after the stream's revision `actual`, all recorded at one time. */
const eventInserts = (db: SqliteDatabase, now: () => Date) => {
  const insert = db.prepare<[string, string, number, string, string, string, string]>(
    `INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  return (stream: string, events: readonly NewEvent[], actual: number): AppendResult => {
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
    return {
      nextExpectedRevision: last.revision,
      position: last.position,
      events: recorded,
    };
  };
};

/**
 * Appends to one stream each, inside the caller's transaction: a revision check, then the events.
 * `committed` tells it where an append left its stream once that append is on disk, so that the
 * stream's next append need not read its revision.
 */
export const streamAppends = (db: SqliteDatabase, now: () => Date) => {
  const current = currentRevisions(db);
  const recent = recentRevisions(10_000);
  const insertEvents = eventInserts(db, now);

  /** One append inside the group's transaction: the revision check, then its events. */
  const appendEvents = (
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): AppendOutcome => {
    const actual = revisionFor(current, recent, stream, expected);
    if (!satisfies(expected, actual)) {
      const conflict: ConcurrencyConflict = {
        kind: 'concurrency_conflict',
        stream,
        expected,
        actual,
      };
      return left(conflict);
    }
    return right(insertEvents(stream, events, actual));
  };
  // Several events are written all or none, in a savepoint; a single insert is atomic by itself.
  const appendEventsAtomically = db.transaction(appendEvents);

  const append = (request: AppendRequest): AppendOutcome => {
    try {
      const write = request.events.length === 1 ? appendEvents : appendEventsAtomically;
      return write(request.stream, request.events, request.expected);
    } catch (error) {
      // The stream is not new, or not where this store left it: another writer won the race.
      if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      recent.forget(request.stream);
      const actual = current(request.stream);
      return left({
        kind: 'concurrency_conflict' as const,
        stream: request.stream,
        expected: request.expected,
        actual,
      });
    }
  };

  return { append, committed: recent.set };
};
