import type { EventStore } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Position } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type { Projection } from '../../projections/projection.js';
import type { Projector } from './projector.js';
import { projectionStatus } from './projectionStatus.js';

const LOOK_EVERY_MS = 20;

/** A rebuild asked of a process that does not run the projector role. */
export class RebuildElsewhere extends Error {}

/**
 * The projector as a process without the projector role sees it (distributed mode): the read
 * models are written by projector processes, and their checkpoints in the read store say how far
 * they have come. A read that waits for its own write watches those checkpoints.
 */
export const projectorView = (
  eventStore: Pick<EventStore, 'countAfter'>,
  readStore: Pick<ReadStore, 'state'>,
  projections: readonly Projection[],
): Projector => {
  const reached = async (position: Position, only: readonly string[] | undefined) => {
    for (const projection of projections) {
      if (only && !only.includes(projection.name)) continue;
      const checkpoint = (await readStore.state(projection.name))?.checkpoint;
      if (checkpoint === undefined || comparePositions(checkpoint, position) < 0) return false;
    }
    return true;
  };
  return {
    caughtUp: async (position, timeoutMs = 5000, only) => {
      if (position === undefined) return true;
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        // A look the database could not answer is a look that did not see it yet: the write
        // that waits has happened, and its answer must say so rather than fail.
        if (await reached(position, only).catch(() => false)) return true;
        if (performance.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      }
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
    stop: () => Promise.resolve(),
  };
};
