import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import { matchesFilter } from '../../domain/shared/eventFilter.js';
import type { EventStore, Subscription } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Projection } from '../../projections/projection.js';
import type { Logger } from '../logging/logger.js';
import { followLog } from '../processing/processor.js';
import { allReached } from './caughtUp.js';
import type { Mutex } from './mutex.js';
import { mutex } from './mutex.js';
import type { ProjectionStatus } from './projectionStatus.js';
import { projectionStatus } from './projectionStatus.js';
import type { RebuildProgress } from './rebuild.js';
import { rebuildProjection } from './rebuild.js';

type Running = {
  projection: Projection;
  /** Following the log; absent while the projection is applied inline. */
  subscription: Subscription | undefined;
  lock: Mutex;
  /** The tables reflect the log up to here: events at or before it are never applied again. */
  appliedTo: Position | undefined;
  /** Applied inside each append's transaction, rather than by following the log. */
  inline: boolean;
  /** A rebuild is swapping the tables: nothing is applied inline until it is done. */
  held: boolean;
  status: ProjectionStatus['status'];
  lastError: string | null;
  /** When the checkpoint was last written (performance.now()). */
  savedAt: number;
  /** caughtUp calls waiting for the inline side to pass their position. */
  waiters: Array<{ position: Position; resolve: () => void }>;
  /** The rebuild under way, which a second request joins rather than starting another. */
  rebuilding: { done: Promise<void>; progress: RebuildProgress } | undefined;
};

export type { ProjectionStatus } from './projectionStatus.js';

export type Projector = {
  /** Resolves when every projection has applied the log up to `position`, or after `timeoutMs`. */
  /**
   * Resolves when the projections have applied the log up to `position` (those named in `only`,
   * the ones whose read models the caller reads; all of them when absent), or after `timeoutMs`.
   */
  caughtUp: (
    position: Position | undefined,
    timeoutMs?: number,
    only?: readonly string[],
  ) => Promise<boolean>;
  /** Rebuilds beside the live tables and swaps; joins the rebuild of `name` already under way. */
  rebuild: (name: string, onProgress?: (progress: RebuildProgress) => void) => Promise<void>;
  status: () => Promise<ProjectionStatus[]>;
  names: () => string[];
  stop: () => Promise<void>;
};

const IDLE_CHECKPOINT_EVERY_MS = 1000;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

const isAfter = (position: Position, floor: Position | undefined) =>
  floor === undefined || comparePositions(position, floor) > 0;

/**
 * Keeps each projection's read models up to date, applying each batch of changes with the new
 * checkpoint in one atomic write. A projection follows the log through a subscription from its
 * checkpoint. With `inline` (read models in the event store's own database), a projection that has
 * caught up is then applied inside each append's transaction instead: the read models change with
 * the log, in the same commit, and no subscription, lock or second transaction is involved. It
 * follows the log again while a rebuild swaps its tables, or after a batch failed inline.
 */
export const startProjector = async (
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  logger: Logger,
  options: { inline?: boolean } = {},
): Promise<Projector> => {
  const running = new Map<string, Running>();
  let stopping = false;

  const settleWaiters = (entry: Running) => {
    const at = entry.appliedTo;
    if (at === undefined || entry.waiters.length === 0) return;
    const done = entry.waiters.filter((w) => comparePositions(w.position, at) <= 0);
    entry.waiters = entry.waiters.filter((w) => !done.includes(w));
    for (const w of done) w.resolve();
  };

  const applyBatch = async (
    entry: Running,
    events: readonly RecordedEvent[],
    scannedTo: Position,
  ) => {
    const fresh = events.filter((e) => isAfter(e.position, entry.appliedTo));
    if (!isAfter(scannedTo, entry.appliedTo)) return;
    // Nothing for this projection, but the scan moved on: keep that now and then, so that a
    // restart does not rescan a long stretch of events it does not want.
    if (fresh.length > 0 || performance.now() - entry.savedAt >= IDLE_CHECKPOINT_EVERY_MS) {
      const changes = fresh.flatMap((event) => entry.projection.project(event));
      await readStore.apply(entry.projection.name, { kind: 'live' }, changes, scannedTo);
      entry.savedAt = performance.now();
    }
    entry.appliedTo = scannedTo;
    settleWaiters(entry);
  };

  /** A failing batch marks the projection failing until one passes. */
  const noteOutcome = (entry: Running, error: unknown) => {
    if (error === undefined) {
      if (entry.status === 'failing') entry.status = 'live';
      entry.lastError = null;
      return;
    }
    entry.status = 'failing';
    entry.lastError = messageOf(error);
  };

  /** Follows the log from where the tables stand; a failing batch is retried until it passes. */
  const follow = (entry: Running) => {
    entry.inline = false;
    entry.subscription = followLog(
      eventStore,
      {
        name: entry.projection.name,
        filter: entry.projection.filter,
        handle: (events, { scannedTo }) =>
          entry.lock.run(() => applyBatch(entry, events, scannedTo)),
      },
      entry.appliedTo,
      { logger, onOutcome: (error) => noteOutcome(entry, error) },
    );
  };

  /**
   * Inside an append's transaction. A projection that follows the log takes over here once its
   * subscription has handed over everything before this append; from then on it is applied here.
   */
  const applyInline = (
    apply: NonNullable<ReadStore['applyInTransaction']>,
    entry: Running,
    events: readonly RecordedEvent[],
    before: Position | undefined,
  ) => {
    if (stopping || entry.held) return;
    if (!entry.inline) {
      const subscription = entry.subscription;
      // The subscription's position passes events it did not want without calling the handler.
      if (!subscription || subscription.at() !== before) return;
      entry.appliedTo = before;
      entry.inline = true;
      entry.subscription = undefined;
      void subscription.stop();
    }
    const last = events[events.length - 1]!.position;
    const wanted = events.filter((event) => matchesFilter(entry.projection.filter, event));
    try {
      if (wanted.length > 0 || performance.now() - entry.savedAt >= IDLE_CHECKPOINT_EVERY_MS) {
        const changes = wanted.flatMap((event) => entry.projection.project(event));
        apply(entry.projection.name, changes, last);
        entry.savedAt = performance.now();
      }
    } catch (error) {
      // The projection's writes rolled back with their savepoint; the append itself goes on. The
      // projection follows the log again from where it stood, retrying as any failing batch does,
      // once this transaction has ended.
      entry.status = 'failing';
      entry.lastError = messageOf(error);
      logger.error({ err: error, projection: entry.projection.name }, 'projection batch failed');
      entry.inline = false;
      queueMicrotask(() => {
        if (!stopping && !entry.inline && !entry.subscription) follow(entry);
      });
      return;
    }
    entry.appliedTo = last;
    if (entry.status === 'failing') entry.status = 'live';
    entry.lastError = null;
    settleWaiters(entry);
  };

  for (const projection of projections) {
    const state = await readStore.registerProjection(projection.name, projection.collections);
    const entry: Running = {
      projection,
      subscription: undefined,
      lock: mutex(),
      appliedTo: state.checkpoint,
      inline: false,
      held: false,
      status: 'live',
      lastError: null,
      savedAt: performance.now(),
      waiters: [],
      rebuilding: undefined,
    };
    follow(entry);
    running.set(projection.name, entry);
  }

  const applyInTransaction = readStore.applyInTransaction;
  const removeListener =
    options.inline && eventStore.inTransaction && applyInTransaction
      ? eventStore.inTransaction((events, before) => {
          for (const entry of running.values())
            applyInline(applyInTransaction, entry, events, before);
        })
      : undefined;

  const reached = (entry: Running, position: Position): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (entry.appliedTo !== undefined && comparePositions(position, entry.appliedTo) <= 0)
        return resolve();
      entry.waiters.push({ position, resolve });
      entry.subscription?.reached(position).then(resolve, reject);
    });

  /** While a rebuild swaps the tables, the projection follows the log, held by the lock. */
  const holding = (entry: Running): Mutex => ({
    run: (task) =>
      entry.lock.run(async () => {
        entry.held = true;
        if (entry.inline) follow(entry);
        try {
          return await task();
        } finally {
          entry.held = false;
        }
      }),
  });

  return {
    caughtUp: async (position, timeoutMs = 5000, only) =>
      position === undefined ||
      allReached(
        only
          ? [...running.values()].filter((entry) => only.includes(entry.projection.name))
          : running.values(),
        position,
        reached,
        timeoutMs,
      ),
    rebuild: (name, onProgress) => {
      const entry = running.get(name);
      if (!entry) return Promise.reject(new Error(`Unknown projection: ${name}`));
      if (entry.rebuilding) {
        const joined = entry.rebuilding;
        if (onProgress) onProgress(joined.progress);
        return joined.done;
      }
      const progress: RebuildProgress = {
        started_at: new Date().toISOString(),
        events_done: 0,
        events_total: 0,
      };
      const run = async () => {
        entry.status = 'rebuilding';
        try {
          const floor = await rebuildProjection(
            eventStore,
            readStore,
            entry.projection,
            holding(entry),
            (step) => {
              Object.assign(progress, step);
              onProgress?.(progress);
            },
          );
          if (floor !== undefined && isAfter(floor, entry.appliedTo)) entry.appliedTo = floor;
          entry.status = 'live';
          entry.lastError = null;
        } catch (error) {
          entry.status = 'failing';
          entry.lastError = messageOf(error);
          throw error;
        } finally {
          entry.rebuilding = undefined;
        }
      };
      const done = run();
      entry.rebuilding = { done, progress };
      return done;
    },
    status: async () =>
      Promise.all(
        [...running.values()].map((entry) =>
          projectionStatus(eventStore, readStore, {
            name: entry.projection.name,
            appliedTo: entry.appliedTo,
            status: stopping ? 'stopped' : entry.status,
            lastError: entry.lastError,
            rebuild: entry.rebuilding ? { ...entry.rebuilding.progress } : null,
          }),
        ),
      ),
    names: () => [...running.keys()],
    stop: async () => {
      stopping = true;
      removeListener?.();
      const subscriptions = [...running.values()].flatMap((entry) => entry.subscription ?? []);
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    },
  };
};
