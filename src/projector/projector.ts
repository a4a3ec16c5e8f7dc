import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type { EventStore, Subscription } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Projection } from '../../projections/projection.js';
import type { Logger } from '../logging/logger.js';
import type { Mutex } from './mutex.js';
import { mutex } from './mutex.js';
import { rebuildProjection } from './rebuild.js';

export type ProjectionStatus = {
  name: string;
  checkpoint: Position | null;
  status: 'live' | 'rebuilding' | 'failing' | 'stopped';
  last_error: string | null;
};

type Running = {
  projection: Projection;
  subscription: Subscription;
  lock: Mutex;
  /** Events at or before this position are already in the tables (a rebuild swapped them in). */
  floor: Position | undefined;
  status: ProjectionStatus['status'];
  lastError: string | null;
  /** When the checkpoint was last written (performance.now()). */
  savedAt: number;
};

export type Projector = {
  /** Resolves when every projection has applied the log up to `position`, or after `timeoutMs`. */
  caughtUp: (position: Position | undefined, timeoutMs?: number) => Promise<boolean>;
  rebuild: (name: string) => Promise<void>;
  status: () => Promise<ProjectionStatus[]>;
  names: () => string[];
  stop: () => Promise<void>;
};

const RETRY_AFTER_FAILURE_MS = 1000;
const IDLE_CHECKPOINT_EVERY_MS = 1000;

/**
 * Keeps each projection's read models up to date: one subscription per projection, from its
 * checkpoint, applying each batch of changes with the new checkpoint in one atomic write.
 */
export const startProjector = async (
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  logger: Logger,
): Promise<Projector> => {
  const running = new Map<string, Running>();
  let stopping = false;

  const applyBatch = async (entry: Running, events: RecordedEvent[], scannedTo: Position) => {
    const floor = entry.floor;
    const fresh = floor ? events.filter((e) => comparePositions(e.position, floor) > 0) : events;
    if (fresh.length === 0) {
      // Nothing for this projection, but the scan moved on: keep that now and then, so that a
      // restart does not rescan a long stretch of events it does not want.
      if (performance.now() - entry.savedAt < IDLE_CHECKPOINT_EVERY_MS) return;
    }
    const changes = fresh.flatMap((event) => entry.projection.project(event));
    await readStore.apply(entry.projection.name, { kind: 'live' }, changes, scannedTo);
    entry.savedAt = performance.now();
  };

  /** A failing batch is retried until it passes: skipping it would leave the read model wrong. */
  const applyWithRetry = async (entry: Running, events: RecordedEvent[], scannedTo: Position) => {
    for (;;) {
      try {
        await entry.lock.run(() => applyBatch(entry, events, scannedTo));
        if (entry.status === 'failing') entry.status = 'live';
        entry.lastError = null;
        return;
      } catch (error) {
        entry.status = 'failing';
        entry.lastError = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, projection: entry.projection.name }, 'projection batch failed');
        if (stopping) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_FAILURE_MS));
      }
    }
  };

  for (const projection of projections) {
    const state = await readStore.registerProjection(projection.name, projection.collections);
    const entry = {
      projection,
      lock: mutex(),
      floor: undefined,
      status: 'live',
      lastError: null,
      savedAt: performance.now(),
    } as Omit<Running, 'subscription'> as Running;
    entry.subscription = eventStore.subscribe(
      { ...(state.checkpoint && { after: state.checkpoint }), filter: projection.filter },
      (events, progress) => applyWithRetry(entry, events, progress.scannedTo),
    );
    running.set(projection.name, entry);
  }

  return {
    caughtUp: async (position, timeoutMs = 5000) => {
      if (position === undefined) return true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const reached = Promise.all(
        [...running.values()].map((entry) => entry.subscription.reached(position)),
      ).then(() => true);
      try {
        return await Promise.race([reached, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    rebuild: async (name) => {
      const entry = running.get(name);
      if (!entry) throw new Error(`Unknown projection: ${name}`);
      entry.status = 'rebuilding';
      try {
        entry.floor = await rebuildProjection(eventStore, readStore, entry.projection, entry.lock);
        entry.status = 'live';
      } catch (error) {
        entry.status = 'failing';
        entry.lastError = error instanceof Error ? error.message : String(error);
        throw error;
      }
    },
    status: async () =>
      Promise.all(
        [...running.values()].map(async (entry) => {
          const state = await readStore.state(entry.projection.name);
          return {
            name: entry.projection.name,
            checkpoint: state?.checkpoint ?? null,
            status: stopping ? 'stopped' : entry.status,
            last_error: entry.lastError,
          };
        }),
      ),
    names: () => [...running.keys()],
    stop: async () => {
      stopping = true;
      await Promise.all([...running.values()].map((entry) => entry.subscription.stop()));
    },
  };
};
