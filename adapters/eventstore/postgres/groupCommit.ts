import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { NewEvent, Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { PostgresDatabase } from '../../postgres/database.js';
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

const APPEND = `SELECT before, actual FROM append_and_announce($1, $2::text[], $3::text[], $4::int[],
  $5::text[], $6::text[], $7::json[], $8::jsonb[], $9::text[], $10, $11, $12)`;

/** Where a group's notices go, and whose they are: see schema.ts. */
export type Announcing = { channel: string; sender: string };

/**
 * Writes a group of appends in one statement, its notices to the other processes sent with its
 * commit (see schema.ts: positions are given in commit order, under the append lock), then tells
 * each append's outcome from the revisions it found.
 */
const writeGroup = async (
  db: PostgresDatabase,
  requests: readonly AppendRequest[],
  now: () => Date,
  announcing: Announcing,
): Promise<{ outcomes: AppendOutcome[]; committed: Committed }> => {
  const recordedAt = now().toISOString();
  const events = requests.flatMap((request) => request.events);
  const result = await db.pool.query<{ before: string; actual: number[] }>(APPEND, [
    `${db.schema}.events`,
    requests.map((request) => request.stream),
    requests.map((request) => String(request.expected)),
    requests.map((request) => request.events.length),
    events.map((event) => event.id),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data)),
    events.map((event) => JSON.stringify(event.metadata)),
    events.map((event) => event.metadata.merchant_id),
    recordedAt,
    announcing.channel,
    announcing.sender,
  ]);
  const { before, actual } = result.rows[0]!;
  // The revision each stream had before the group: the group's later appends to it are decided
  // after the earlier ones, here as there.
  const revisions = new Map<string, number>();
  requests.forEach((request, i) => {
    if (!revisions.has(request.stream)) revisions.set(request.stream, actual[i]!);
  });
  const plan = planGroup(requests, revisions, BigInt(before), recordedAt);
  return {
    outcomes: plan.outcomes,
    committed: { before: before === '0' ? undefined : position(before), events: plan.rows },
  };
};

/**
 * Appends asked for in the same turn go in together: one transaction, one lock, one commit for
 * all, each decided on its own. `onCommit` hears what each group wrote, after its commit.
 */
export const groupCommit = (
  db: PostgresDatabase,
  now: () => Date,
  announcing: Announcing,
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
        announcing,
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
