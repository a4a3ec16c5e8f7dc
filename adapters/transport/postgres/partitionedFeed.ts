import { randomUUID } from 'node:crypto';
import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { comparePositions } from '../../../domain/shared/envelope.js';
import type { EventFilter } from '../../../domain/shared/eventFilter.js';
import type { EventStore, Subscription } from '../../eventstore/port.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { ConsumeOptions, EventFeed, FeedHandler } from '../port.js';
import { troubleBackoffMs } from '../../eventstore/troublePause.js';
import { troubleSources } from '../troubleSources.js';
import { DEFAULT_PARTITIONS, hashOf } from '../../partitions/hash.js';
import type { Owned } from '../../partitions/postgres/leases.js';
import { FEED_TABLES, partitionLeases } from '../../partitions/postgres/leases.js';

const LEASE_MS = 10_000;

/** Where reading must start to give every held partition what follows its checkpoint. */
const earliest = (owned: Owned): Position | undefined => {
  let from: string | undefined;
  for (const checkpoint of owned.values()) {
    if (checkpoint === null) return undefined;
    if (from === undefined || comparePositions(checkpoint as Position, from as Position) < 0)
      from = checkpoint;
  }
  return from as Position | undefined;
};

/** The partitions of `held`, each at the later of its two checkpoints. */
const later = (held: Owned, known: Owned): Owned =>
  new Map(
    [...held].map(([partition, checkpoint]) => {
      const mine = known.get(partition);
      if (mine === undefined || mine === null) return [partition, checkpoint];
      if (checkpoint === null) return [partition, mine];
      return [
        partition,
        comparePositions(mine as Position, checkpoint as Position) > 0 ? mine : checkpoint,
      ];
    }),
  );

const laterOf = (checkpoint: string | null | undefined, position: string): string =>
  checkpoint === null ||
  checkpoint === undefined ||
  comparePositions(position as Position, checkpoint as Position) > 0
    ? position
    : checkpoint;

const sameKeys = (a: Owned, b: Owned) => a.size === b.size && [...a.keys()].every((k) => b.has(k));

/**
 * A member's checkpoints are written at most this often, not once per batch: each append anywhere
 * wakes every member, and a write after each batch of its own events was a commit per batch that
 * the next batch waited for.
 */
const CHECKPOINT_EVERY_MS = 1000;

type Member = {
  owned: Owned;
  subscription: Subscription | undefined;
  stopped: boolean;
};

/**
 * The checkpoints of a member's partitions. Past each batch, once its handler is done with the
 * events it took, they move in memory at once and are written within a second, and before the
 * partitions change hands or the member stops: a member that dies meanwhile leaves its successor
 * that second of events to take up again, as the feed's handlers expect of a crash (they are
 * idempotent). Writes go one at a time, so that none lands after a later one. Each write is for
 * the partitions the batch was scanned for: a partition taken over since starts from its own
 * checkpoint, which no write of what was scanned before it came moves.
 */
const laterCheckpoints = (me: Member, leases: ReturnType<typeof partitionLeases>) => {
  let writing: Promise<void> = Promise.resolve();
  let unsaved: { partitions: number[]; scannedTo: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const write = (partitions: number[], scannedTo: string) =>
    (writing = writing
      .catch(() => undefined)
      .then(async () => {
        const moved = await leases.advance(partitions, scannedTo);
        for (const partition of partitions) {
          // Given up meanwhile: it is no longer this member's to keep.
          if (!me.owned.has(partition)) continue;
          if (moved.has(partition))
            me.owned.set(partition, laterOf(me.owned.get(partition), scannedTo));
          else me.owned.delete(partition);
        }
      }));
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const pending = unsaved;
    unsaved = undefined;
    // A write that failed before is not failed again: its batch was tried again, or is moot.
    if (pending === undefined) return writing.catch(() => undefined);
    return write(pending.partitions, pending.scannedTo);
  };
  return {
    passed: (scannedTo: string) => {
      for (const partition of me.owned.keys()) me.owned.set(partition, scannedTo);
      unsaved = { partitions: [...me.owned.keys()], scannedTo };
      if (timer || me.stopped) return;
      timer = setTimeout(() => void flush().catch(() => undefined), CHECKPOINT_EVERY_MS);
      timer.unref();
    },
    flush,
  };
};

/**
 * One member of a group: it follows the log for the partitions it holds, hands their events to
 * the handler, and moves their checkpoints once the handler has finished, fenced by its lease.
 */
const joinGroup = async (
  eventStore: Pick<EventStore, 'subscribe' | 'headPosition'>,
  leases: ReturnType<typeof partitionLeases>,
  partitionOf: (event: RecordedEvent) => number,
  filter: EventFilter,
  handler: FeedHandler,
  leaseMs: number,
  onTrouble: ConsumeOptions['onTrouble'],
) => {
  const me: Member = { owned: new Map(), subscription: undefined, stopped: false };
  const sources = troubleSources(onTrouble);
  const reading = sources('reading');
  const renewing = sources('renewing');
  const wanted = (event: RecordedEvent) => {
    const checkpoint = me.owned.get(partitionOf(event));
    return (
      checkpoint !== undefined &&
      (checkpoint === null || comparePositions(event.position, checkpoint as Position) > 0)
    );
  };
  const checkpoints = laterCheckpoints(me, leases);
  const follow = () => {
    const after = earliest(me.owned);
    me.subscription = eventStore.subscribe(
      { ...(after && { after }), filter, onTrouble: reading.report },
      async (events, { scannedTo }) => {
        // A handler that fails fails the batch: the subscription hands it again after a pause,
        // and the member holds on to its partitions.
        const mine = events.filter(wanted);
        if (mine.length > 0) await handler(mine);
        checkpoints.passed(scannedTo);
      },
    );
  };
  /**
   * A subscription that stops while its reads fail never tells of a recovery: its trouble goes
   * with it, or the worker would stay not ready behind a failure no loop of it still has.
   */
  const unfollow = async () => {
    await me.subscription?.stop();
    me.subscription = undefined;
    reading.report(undefined);
  };
  const restart = async () => {
    await unfollow();
    if (!me.stopped && me.owned.size > 0) follow();
  };
  const rebalance = async () => {
    if (me.stopped) return;
    const now = await leases.rebalance();
    if (sameKeys(now, me.owned) && (me.subscription !== undefined || now.size === 0)) return;
    await unfollow();
    // What was scanned for the partitions held until now is written before they change.
    await checkpoints.flush();
    // A batch that ended while the leases were read moved checkpoints past what was read.
    me.owned = later(now, me.owned);
    await restart();
  };
  let chain: Promise<void> = rebalance();
  await chain;
  // Renewals every third of a lease. One that failed is tried again sooner, after the pause of
  // any failed loop, so that the member is back at work soon after its database answers; while
  // none succeeds the member is in trouble, and its partitions go to a peer once its leases lapse.
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const renewLater = () => {
    if (me.stopped) return;
    const pause = failures === 0 ? leaseMs / 3 : Math.min(leaseMs / 3, troubleBackoffMs(failures));
    timer = setTimeout(() => {
      chain = chain.then(rebalance).then(
        () => {
          failures = 0;
          renewing.succeeded();
        },
        (error: unknown) => {
          failures++;
          renewing.failed(error);
        },
      );
      void chain.then(renewLater);
    }, pause);
  };
  renewLater();
  return {
    stop: async () => {
      me.stopped = true;
      clearTimeout(timer);
      await chain.catch(() => undefined);
      await me.subscription?.stop();
      await checkpoints.flush().catch(() => undefined);
      await leases.leave();
    },
  };
};

/**
 * The transport of the PostgreSQL deployment is the log itself: a group's members lease its
 * partitions (a partition is a hash of the event's key, so one key's events go to one member, in
 * order) and keep each partition's checkpoint, moved only after the handler finished and only by
 * the partition's holder. A member that dies loses its partitions when its lease runs out; one that
 * stops gives them back at once.
 */
export const postgresFeed = async (
  db: PostgresDatabase,
  eventStore: Pick<EventStore, 'subscribe' | 'headPosition'>,
  options: {
    keyOf: (event: RecordedEvent) => string;
    partitions?: number;
    leaseMs?: number;
    /** A small pool of its own for the lease renewals (see partitionLeases). */
    renewals?: PostgresDatabase;
  },
): Promise<EventFeed> => {
  await db.migrate('001_feed', FEED_TABLES);
  const partitions = options.partitions ?? DEFAULT_PARTITIONS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const partitionOf = (event: RecordedEvent) => hashOf(options.keyOf(event)) % partitions;
  return {
    consume: async (group, filter, handler, consumeOptions = {}) => {
      const leases = partitionLeases(db, group, randomUUID(), {
        partitions,
        leaseMs,
        ...(options.renewals && { renewals: options.renewals }),
      });
      const start =
        consumeOptions.firstFrom === 'end' ? await eventStore.headPosition() : undefined;
      await leases.create(start ?? null);
      return joinGroup(
        eventStore,
        leases,
        partitionOf,
        filter,
        handler,
        leaseMs,
        consumeOptions.onTrouble,
      );
    },
  };
};
