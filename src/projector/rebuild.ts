import type { Position } from '../../domain/shared/envelope.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Projection } from '../../projections/projection.js';
import type { Mutex } from './mutex.js';

const PAGE = 2000;

/** How often a rebuild counts how far it has come: a count is a scan of the rest of the log. */
const REPORT_EVERY_MS = 500;

/** How far a rebuild has come through the log, as it stood at the last report. */
export type RebuildProgress = {
  started_at: string;
  events_done: number;
  events_total: number;
};

/**
 * Replays the whole log into fresh tables beside the live ones (reads keep being served from the
 * live tables), then, with the live projection held still, catches up the last events and swaps.
 * Returns the position the swapped-in tables reflect.
 */
export const rebuildProjection = async (
  eventStore: EventStore,
  readStore: ReadStore,
  projection: Projection,
  liveLock: Mutex,
  onProgress: (progress: Omit<RebuildProgress, 'started_at'>) => void = () => {},
): Promise<Position | undefined> => {
  const generation = await readStore.beginRebuild(projection.name);
  let after: Position | undefined;
  let reportedAt = -Infinity;
  const report = async (force = false) => {
    if (!force && performance.now() - reportedAt < REPORT_EVERY_MS) return;
    reportedAt = performance.now();
    // What is left is counted before the whole: the log only grows, so the whole counted after
    // holds at least what was done and what was left, and what is done is never negative.
    const left = await eventStore.countAfter(after);
    const total = await eventStore.countAfter(undefined);
    onProgress({ events_done: total - left, events_total: total });
  };
  await report(true);

  const catchUp = async () => {
    for (;;) {
      const page = await eventStore.readAll({
        ...(after !== undefined && { after }),
        filter: projection.filter,
        limit: PAGE,
      });
      if (page.scannedTo !== undefined && page.scannedTo !== after) {
        const changes = page.events.flatMap((event) => projection.project(event));
        await readStore.apply(
          projection.name,
          { kind: 'rebuild', generation },
          changes,
          page.scannedTo,
        );
        after = page.scannedTo;
        await report();
      }
      if (page.atEnd) return;
    }
  };

  try {
    await catchUp();
    await readStore.indexRebuild(projection.name, generation);
    return await liveLock.run(async () => {
      await catchUp();
      await readStore.completeRebuild(projection.name, generation);
      await report(true);
      return after;
    });
  } catch (error) {
    await readStore.abandonRebuild(projection.name, generation);
    throw error;
  }
};
