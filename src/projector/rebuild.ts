import type { Position } from '../../domain/shared/envelope.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Projection } from '../../projections/projection.js';
import type { Mutex } from './mutex.js';

const PAGE = 2000;

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
): Promise<Position | undefined> => {
  const generation = await readStore.beginRebuild(projection.name);
  let after: Position | undefined;

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
      }
      if (page.atEnd) return;
    }
  };

  try {
    await catchUp();
    return await liveLock.run(async () => {
      await catchUp();
      await readStore.completeRebuild(projection.name, generation);
      return after;
    });
  } catch (error) {
    await readStore.abandonRebuild(projection.name, generation);
    throw error;
  }
};
