import type { EventStore } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { ProjectionProgress } from '../../adapters/readstore/progress.js';
import type { Projection } from '../../projections/projection.js';
import type { Projector } from './projector.js';
import { checkpointWatch } from './checkpointWatch.js';
import { projectionStatus } from './projectionStatus.js';

/** A rebuild asked of a process that does not run the projector role. */
export class RebuildElsewhere extends Error {}

/**
 * The projector as a process without the projector role sees it (distributed mode): the read
 * models are written by projector processes, and their checkpoints in the read store say how far
 * they have come, and the active one announces its progress where the stores can carry it. A read
 * that waits for its own write watches both, with every other wait of the process.
 */
export const projectorView = (
  eventStore: Pick<EventStore, 'countAfter'>,
  readStore: Pick<ReadStore, 'state'>,
  projections: readonly Projection[],
  progress?: ProjectionProgress,
): Projector => {
  const watch = checkpointWatch(readStore, progress);
  const all = projections.map((projection) => projection.name);
  return {
    caughtUp: (position, timeoutMs = 5000, only) => {
      if (position === undefined) return Promise.resolve(true);
      const names = only ? all.filter((name) => only.includes(name)) : all;
      return watch.reached(position, names, timeoutMs);
    },
    rebuild: () =>
      Promise.reject(new RebuildElsewhere('Rebuilds run in a process of the projector role.')),
    status: () =>
      Promise.all(
        projections.map((projection) =>
          projectionStatus(eventStore, readStore, {
            name: projection.name,
            appliedTo: undefined,
            status: 'live',
            lastError: null,
            rebuild: null,
          }),
        ),
      ),
    names: () => projections.map((projection) => projection.name),
    stop: () => watch.stop(),
  };
};
