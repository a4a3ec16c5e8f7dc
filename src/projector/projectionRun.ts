import type { EventStore, Subscription } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import { StaleBatchError } from '../../adapters/readstore/port.js';
import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type { Projection } from '../../projections/projection.js';
import type { WorkerHealth } from '../processing/workerHealth.js';
import type { Logger } from '../logging/logger.js';
import { followLog } from '../processing/processor.js';
import type { Mutex } from './mutex.js';
import { mutex } from './mutex.js';
import type { ProjectionStatus } from './projectionStatus.js';
import type { RebuildProgress } from './rebuild.js';

/** One projection as the projector runs it. */
export type ProjectionRun = {
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
  /** A write of the checkpoint alone, due once the log has been quiet for a while. */
  saveTimer: NodeJS.Timeout | undefined;
  /** caughtUp calls waiting for the inline side to pass their position. */
  waiters: Array<{ position: Position; resolve: () => void }>;
  /** The rebuild under way, which a second request joins rather than starting another. */
  rebuilding: { done: Promise<void>; progress: RebuildProgress } | undefined;
};

/** What the projector's runs share. */
export type Projecting = {
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  stopping: boolean;
  /** Told of projections whose batches keep failing: the process is not ready meanwhile. */
  health?: WorkerHealth;
  /** Told each time a projection has applied more of the log, to announce it to other processes. */
  progressed?: () => void;
  /** Around each batch's write, so that the announcements wait for it (see heldAnnouncements.ts). */
  writing?: <T>(write: () => Promise<T>) => Promise<T>;
};

/**
 * Nothing for a projection, but the scan moved on: its checkpoint is kept now and then, so that a
 * restart does not rescan a long stretch of events it does not want.
 */
export const IDLE_CHECKPOINT_EVERY_MS = 1000;

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export const isAfter = (position: Position, floor: Position | undefined) =>
  floor === undefined || comparePositions(position, floor) > 0;

export const newRun = (projection: Projection, appliedTo: Position | undefined): ProjectionRun => ({
  projection,
  subscription: undefined,
  lock: mutex(),
  appliedTo,
  inline: false,
  held: false,
  status: 'live',
  lastError: null,
  savedAt: performance.now(),
  saveTimer: undefined,
  waiters: [],
  rebuilding: undefined,
});

/** Resolves the caughtUp calls whose position the projection has now applied. */
export const settleWaiters = (run: ProjectionRun) => {
  const at = run.appliedTo;
  if (at === undefined || run.waiters.length === 0) return;
  const done = run.waiters.filter((w) => comparePositions(w.position, at) <= 0);
  run.waiters = run.waiters.filter((w) => !done.includes(w));
  for (const w of done) w.resolve();
};

/** A batch of changes and the new checkpoint, in one atomic write. */
const applyBatch = async (
  p: Projecting,
  run: ProjectionRun,
  events: readonly RecordedEvent[],
  scannedTo: Position,
) => {
  const fresh = events.filter((e) => isAfter(e.position, run.appliedTo));
  if (!isAfter(scannedTo, run.appliedTo)) return;
  if (fresh.length > 0 || performance.now() - run.savedAt >= IDLE_CHECKPOINT_EVERY_MS) {
    const changes = fresh.flatMap((event) => run.projection.project(event));
    try {
      const follows = run.appliedTo;
      const target =
        follows === undefined ? { kind: 'live' as const } : { kind: 'live' as const, follows };
      const write = () => p.readStore.apply(run.projection.name, target, changes, scannedTo);
      await (p.writing ? p.writing(write) : write());
    } catch (error) {
      if (!(error instanceof StaleBatchError)) throw error;
      // Another projector applied part of this stretch while this one was paused: take up from
      // where it stopped, and apply only what follows.
      p.logger.warn(
        { projection: run.projection.name, stored: error.stored, batch_to: scannedTo },
        'another projector wrote this projection meanwhile; going on from its checkpoint',
      );
      run.appliedTo = error.stored;
      return applyBatch(p, run, events, scannedTo);
    }
    run.savedAt = performance.now();
  } else saveLater(p, run);
  run.appliedTo = scannedTo;
  settleWaiters(run);
  p.progressed?.();
};

/**
 * Writes the checkpoint of events scanned but not wanted once the log has been quiet a while, so
 * that it covers them even if nothing follows: another process that waits for it (the API, across
 * processes) sees how far it has come, and a restart does not scan them again.
 */
export const saveLater = (p: Projecting, run: ProjectionRun) => {
  if (run.saveTimer) return;
  run.saveTimer = setTimeout(() => {
    run.saveTimer = undefined;
    run.lock
      .run(async () => {
        const at = run.appliedTo;
        if (p.stopping || at === undefined) return;
        await p.readStore.apply(run.projection.name, { kind: 'live' }, [], at);
        run.savedAt = performance.now();
      })
      .catch(() => undefined);
  }, IDLE_CHECKPOINT_EVERY_MS);
  run.saveTimer.unref();
};

/** A failing batch marks the projection failing until one passes. */
const noteOutcome = (run: ProjectionRun, error: unknown) => {
  if (error === undefined) {
    if (run.status === 'failing') run.status = 'live';
    run.lastError = null;
    return;
  }
  run.status = 'failing';
  run.lastError = messageOf(error);
};

/** Follows the log from where the tables stand; a failing batch is retried until it passes. */
export const follow = (p: Projecting, run: ProjectionRun) => {
  run.inline = false;
  run.subscription = followLog(
    p.eventStore,
    {
      name: run.projection.name,
      filter: run.projection.filter,
      handlesProgress: true,
      handle: (events, { scannedTo }) => run.lock.run(() => applyBatch(p, run, events, scannedTo)),
    },
    run.appliedTo,
    {
      logger: p.logger,
      onOutcome: (error) => noteOutcome(run, error),
      ...(p.health && { health: p.health }),
    },
  );
};

/** Resolves once the projection has applied the log up to `position`. */
export const reached = (run: ProjectionRun, position: Position): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    if (run.appliedTo !== undefined && comparePositions(position, run.appliedTo) <= 0)
      return resolve();
    run.waiters.push({ position, resolve });
    run.subscription?.reached(position).then(resolve, reject);
  });
