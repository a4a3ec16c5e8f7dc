import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type pg from 'pg';
import type { NewEvent, Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import { transaction } from '../../postgres/database.js';
import type { AppendResult, ConcurrencyConflict, ExpectedRevision } from '../port.js';
import { satisfies } from '../expectedRevision.js';

export type AppendRequest = {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
};
export type AppendOutcome = Either<ConcurrencyConflict, AppendResult>;

/** What a committed group wrote: where the log ended before it, and its events in order. */
export type Committed = { before: Position | undefined; events: RecordedEvent[] };

/**
 * Positions are given in commit order: an append takes this lock (held to its commit), reads where
 * the log ends and writes after it. A reader that has seen a position has therefore seen every
 * committed event below it, and no commit can land behind it later, whatever the processes.
 */
const APPEND_LOCK = (schema: string) =>
  `SELECT pg_advisory_xact_lock(hashtext('${schema}.events'))`;

/** The last revision of each stream, -1 for those that do not exist. */
const revisionsOf = async (client: pg.PoolClient, streams: string[]) => {
  const result = await client.query<{ stream: string; revision: number }>(
    'SELECT stream, max(revision) AS revision FROM events WHERE stream = ANY($1) GROUP BY stream',
    [streams],
  );
  const revisions = new Map(streams.map((stream) => [stream, -1]));
  for (const row of result.rows) revisions.set(row.stream, row.revision);
  return revisions;
};

/** Decides each append of the group in order, and gives positions after `head` to those taken. */
const planGroup = (
  requests: readonly AppendRequest[],
  revisions: Map<string, number>,
  head: bigint,
  recordedAt: string,
) => {
  let next = head;
  const rows: RecordedEvent[] = [];
  const outcomes = requests.map((request): AppendOutcome => {
    const actual = revisions.get(request.stream)!;
    if (!satisfies(request.expected, actual)) {
      const conflict: ConcurrencyConflict = {
        kind: 'concurrency_conflict',
        stream: request.stream,
        expected: request.expected,
        actual,
      };
      return left(conflict);
    }
    const recorded = request.events.map((event, index): RecordedEvent => {
      next += 1n;
      return {
        type: event.type,
        data: event.data,
        id: event.id,
        metadata: event.metadata,
        stream: request.stream,
        revision: actual + 1 + index,
        position: position(next),
        recorded_at: recordedAt,
      };
    });
    rows.push(...recorded);
    const last = recorded[recorded.length - 1]!;
    revisions.set(request.stream, last.revision);
    return right({
      nextExpectedRevision: last.revision,
      position: last.position,
      events: recorded,
    });
  });
  return { rows, outcomes };
};

const INSERT = `INSERT INTO events
  (position, id, stream, revision, type, data, metadata, merchant_id, recorded_at)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[], $6::json[],
    $7::jsonb[], $8::text[], $9::text[])`;

const insertRows = (client: pg.PoolClient, rows: readonly RecordedEvent[]) =>
  client.query(INSERT, [
    rows.map((row) => row.position),
    rows.map((row) => row.id),
    rows.map((row) => row.stream),
    rows.map((row) => row.revision),
    rows.map((row) => row.type),
    rows.map((row) => JSON.stringify(row.data)),
    rows.map((row) => JSON.stringify(row.metadata)),
    rows.map((row) => row.metadata.merchant_id),
    rows.map((row) => row.recorded_at),
  ]);

/** Writes a group of appends in one transaction under the append lock. */
const writeGroup = (
  db: PostgresDatabase,
  requests: readonly AppendRequest[],
  now: () => Date,
): Promise<{ outcomes: AppendOutcome[]; committed: Committed }> =>
  transaction(db.pool, async (client) => {
    await client.query(APPEND_LOCK(db.schema));
    const head = await client.query<{ head: string | null }>(
      'SELECT max(position) AS head FROM events',
    );
    const before = head.rows[0]?.head ?? null;
    const revisions = await revisionsOf(client, [...new Set(requests.map((r) => r.stream))]);
    const plan = planGroup(requests, revisions, BigInt(before ?? 0), now().toISOString());
    if (plan.rows.length > 0) await insertRows(client, plan.rows);
    return {
      outcomes: plan.outcomes,
      committed: { before: before === null ? undefined : position(before), events: plan.rows },
    };
  });

/**
 * Appends asked for in the same turn go in together: one transaction, one lock, one commit for
 * all, each decided on its own. `onCommit` hears what each group wrote, after its commit.
 */
export const groupCommit = (
  db: PostgresDatabase,
  now: () => Date,
  onCommit: (committed: Committed) => void,
) => {
  let queue: Array<{
    request: AppendRequest;
    done: (outcome: AppendOutcome) => void;
    fail: (e: unknown) => void;
  }> = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    try {
      const { outcomes, committed } = await writeGroup(
        db,
        group.map((item) => item.request),
        now,
      );
      if (committed.events.length > 0) onCommit(committed);
      group.forEach((item, i) => item.done(outcomes[i]!));
    } catch (error) {
      for (const item of group) item.fail(error);
    }
  };
  return {
    append: (request: AppendRequest): Promise<AppendOutcome> =>
      new Promise((done, fail) => {
        queue.push({ request, done, fail });
        // One group at a time: what queues meanwhile goes in the next.
        if (queue.length === 1) flushing = flushing.then(flush);
      }),
    /** Resolves once every append asked for so far is written. */
    drained: () => flushing,
  };
};
