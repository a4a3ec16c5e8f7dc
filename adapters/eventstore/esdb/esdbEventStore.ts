import type { AppendExpectedRevision, EventStoreDBClient } from '@eventstore/db-client';
import {
  ANY,
  BACKWARDS,
  END,
  MaxAppendSizeExceededError,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import type { AppendResult, ConcurrencyConflict, EventStore, ExpectedRevision } from '../port.js';
import { AppendTooLargeError, MAX_APPEND_SIZE, appendSize } from './appendSize.js';
import { toEventData, toRecorded } from './envelope.js';
import { esdbSubscription } from './esdbSubscription.js';
import type { ScanBudget } from './logReads.js';
import {
  COUNT_CAP,
  SCAN_BUDGET,
  countEventsAfter,
  newestPosition,
  readAllPage,
} from './logReads.js';
import { readNewest } from './records.js';
import type { RetryPolicy, SubscriptionDrops } from './subscriptionDrops.js';

const expectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
};

const readStream = async (
  client: EventStoreDBClient,
  stream: string,
  options: { fromRevision?: number; limit?: number; requiresLeader?: boolean } = {},
): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  try {
    for await (const resolved of client.readStream(stream, {
      fromRevision: BigInt(options.fromRevision ?? 0),
      ...(options.limit !== undefined && { maxCount: options.limit }),
      ...(options.requiresLeader && { requiresLeader: true }),
    })) {
      if (resolved.event) events.push(toRecorded(resolved.event));
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
  return events;
};

/** The revision of a stream's last event, -1 when it has none. */
const lastRevision = async (client: EventStoreDBClient, stream: string): Promise<number> => {
  try {
    for await (const resolved of client.readStream(stream, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
      requiresLeader: true,
    })) {
      if (resolved.event) return Number(resolved.event.revision);
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return -1;
};

export type EsdbEventStoreOptions = SubscriptionDrops & {
  /** Where `countAfter` stops counting and answers "at least this many". */
  countCap?: number;
  /** How much of the log one `readAll` call looks through at most. */
  scanBudget?: ScanBudget;
  /** The server's `MaxAppendSize`, when it is not the default 1 MiB. */
  maxAppendSize?: number;
  /** The pauses before a dropped subscription subscribes again. */
  subscriptionRetry?: RetryPolicy;
};

/**
 * The event store on EventStoreDB. The client is the caller's: `close` stops this store's
 * subscriptions but leaves the connection to whoever opened it.
 */
export const esdbEventStore = (
  client: EventStoreDBClient,
  options: EsdbEventStoreOptions = {},
): EventStore => {
  const subscriptions = new Set<{ stop: () => Promise<void> }>();

  const conflict = async (
    stream: string,
    expected: ExpectedRevision,
    actual?: number,
  ): Promise<Either<ConcurrencyConflict, AppendResult>> =>
    left({
      kind: 'concurrency_conflict',
      stream,
      expected,
      actual: actual ?? (await lastRevision(client, stream)),
    });

  const maxAppendSize = options.maxAppendSize ?? MAX_APPEND_SIZE;

  return {
    append: async (stream, events, expected) => {
      if (events.length === 0) throw new Error('An append needs at least one event.');
      const data = events.map(toEventData);
      // Refused before it is sent: the server would refuse it whole, after reading all of it.
      const size = appendSize(data);
      if (size > maxAppendSize) throw new AppendTooLargeError(stream, size, maxAppendSize);
      let next: bigint;
      try {
        const result = await client.appendToStream(stream, data, {
          expectedRevision: expectedRevision(expected),
        });
        if (!result.success) return conflict(stream, expected);
        next = result.nextExpectedRevision;
      } catch (error) {
        // A server whose limit is below the one this store was given.
        if (error instanceof MaxAppendSizeExceededError)
          throw new AppendTooLargeError(
            stream,
            size,
            Number.isFinite(error.maxAppendSize) ? error.maxAppendSize : maxAppendSize,
          );
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const actual = error.actualVersion;
        return conflict(stream, expected, actual === NO_STREAM ? -1 : Number(actual));
      }
      // The append's answer carries the last event's position only; each event's position and
      // time are read back, from the leader, which has them once the append is acknowledged.
      const first = Number(next) - events.length + 1;
      const recorded = await readStream(client, stream, {
        fromRevision: first,
        limit: events.length,
        requiresLeader: true,
      });
      const last = recorded[recorded.length - 1];
      if (recorded.length !== events.length || !last) {
        throw new Error(`The append to ${stream} could not be read back.`);
      }
      return right({
        nextExpectedRevision: last.revision,
        position: last.position,
        events: recorded,
      });
    },
    readStream: (stream, readOptions) => readStream(client, stream, readOptions),
    readAll: (readOptions) => readAllPage(client, readOptions, options.scanBudget ?? SCAN_BUDGET),
    subscribe: (subscribeOptions, handler) => {
      const subscription = esdbSubscription(client, subscribeOptions, handler, {
        ...(options.onDrop && { onDrop: options.onDrop }),
        ...(options.onFailed && { onFailed: options.onFailed }),
        ...(options.subscriptionRetry && { retry: options.subscriptionRetry }),
      });
      const tracked = { stop: () => subscription.stop() };
      subscriptions.add(tracked);
      return {
        ...subscription,
        stop: async () => {
          subscriptions.delete(tracked);
          await subscription.stop();
        },
      };
    },
    headPosition: () => newestPosition(client),
    countAfter: (after) => countEventsAfter(client, after, options.countCap ?? COUNT_CAP),
    ping: async () => {
      await readNewest(client, 1);
    },
    close: async () => {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      subscriptions.clear();
    },
  };
};
