import type { EventStore } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { ProjectionProgress } from '../../adapters/readstore/progress.js';
import type { Position } from '../../domain/shared/envelope.js';
import type { Projection } from '../../projections/projection.js';
import type { WorkerHealth } from '../processing/workerHealth.js';
import type { Logger } from '../logging/logger.js';
import { allReached } from './caughtUp.js';
import { heldAnnouncements } from './heldAnnouncements.js';
import { applyInline } from './inlineApplication.js';
import type { ProjectionRun, Projecting } from './projectionRun.js';
import { follow, newRun, reached } from './projectionRun.js';
import type { ProjectionStatus } from './projectionStatus.js';
import { projectionStatus } from './projectionStatus.js';
import type { RebuildProgress } from './rebuild.js';
import { requestRebuild } from './rebuildRequests.js';

export type { ProjectionStatus } from './projectionStatus.js';

export type Projector = {
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

/** Applies each append to every projection that has caught up, inside the append's transaction. */
const applyWithAppends = (
  p: Projecting,
  runs: ReadonlyMap<string, ProjectionRun>,
): (() => void) | undefined => {
  const apply = p.readStore.applyInTransaction;
  if (!p.eventStore.inTransaction || !apply) return undefined;
  return p.eventStore.inTransaction((events, before) => {
    for (const run of runs.values()) applyInline(p, apply, run, events, before);
  });
};

const appliedToOf = (runs: Iterable<ProjectionRun>): Record<string, Position> => {
  const appliedTo: Record<string, Position> = {};
  for (const run of runs)
    if (run.appliedTo !== undefined) appliedTo[run.projection.name] = run.appliedTo;
  return appliedTo;
};

const statusOf = (p: Projecting, run: ProjectionRun) =>
  projectionStatus(p.eventStore, p.readStore, {
    name: run.projection.name,
    appliedTo: run.appliedTo,
    status: p.stopping ? 'stopped' : run.status,
    lastError: run.lastError,
    rebuild: run.rebuilding ? { ...run.rebuilding.progress } : null,
  });

/**
 * Keeps each projection's read models up to date, applying each batch of changes with the new
 * checkpoint in one atomic write. A projection follows the log through a subscription from its
 * checkpoint. With `inline` (read models in the event store's own database), a projection that has
 * caught up is then applied inside each append's transaction instead: the read models change with
 * the log, in the same commit, and no subscription, lock or second transaction is involved. It
 * follows the log again while a rebuild swaps its tables, or after a batch failed inline. With
 * `progress`, how far each projection has come is announced to the other processes as it moves.
 */
export const startProjector = async (
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  logger: Logger,
  options: { inline?: boolean; health?: WorkerHealth; progress?: ProjectionProgress } = {},
): Promise<Projector> => {
  const runs = new Map<string, ProjectionRun>();
  const { progress } = options;
  const announcements =
    progress && heldAnnouncements(() => progress.announce(appliedToOf(runs.values())));
  const p: Projecting = {
    eventStore,
    readStore,
    logger,
    stopping: false,
    ...(options.health && { health: options.health }),
    ...(announcements && {
      progressed: announcements.progressed,
      writing: announcements.writing,
    }),
  };
  for (const projection of projections) {
    const state = await readStore.registerProjection(projection.name, projection.collections);
    const run = newRun(projection, state.checkpoint);
    follow(p, run);
    runs.set(projection.name, run);
  }
  const removeListener = options.inline ? applyWithAppends(p, runs) : undefined;

  return {
    caughtUp: async (position: Position | undefined, timeoutMs = 5000, only) =>
      position === undefined ||
      allReached(
        only
          ? [...runs.values()].filter((run) => only.includes(run.projection.name))
          : runs.values(),
        position,
        reached,
        timeoutMs,
      ),
    rebuild: (name, onProgress) => {
      const run = runs.get(name);
      if (!run) return Promise.reject(new Error(`Unknown projection: ${name}`));
      return requestRebuild(p, run, onProgress);
    },
    status: async () => Promise.all([...runs.values()].map((run) => statusOf(p, run))),
    names: () => [...runs.keys()],
    stop: async () => {
      p.stopping = true;
      removeListener?.();
      announcements?.stop();
      for (const run of runs.values()) clearTimeout(run.saveTimer);
      const subscriptions = [...runs.values()].flatMap((run) => run.subscription ?? []);
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    },
  };
};
