import type { EventStore } from '../../adapters/eventstore/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Position } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type { RebuildProgress } from './rebuild.js';

export type ProjectionStatus = {
  name: string;
  /** Every event up to here is reflected in the live tables. */
  checkpoint: Position | null;
  /** Events in the log after the checkpoint. */
  lag: number;
  status: 'live' | 'rebuilding' | 'failing' | 'stopped';
  last_error: string | null;
  /** While rebuilding: how far the fresh tables have come. */
  rebuild: RebuildProgress | null;
};

/**
 * Where a projection stands, as operators read it. Applied inside appends, a projection is ahead of
 * the checkpoint it stores (it writes one only now and then): the further of the two is reported.
 */
export const projectionStatus = async (
  eventStore: Pick<EventStore, 'countAfter'>,
  readStore: Pick<ReadStore, 'state'>,
  entry: {
    name: string;
    appliedTo: Position | undefined;
    status: ProjectionStatus['status'];
    lastError: string | null;
    rebuild: RebuildProgress | null;
  },
): Promise<ProjectionStatus> => {
  const stored = (await readStore.state(entry.name))?.checkpoint;
  const checkpoint =
    entry.appliedTo !== undefined &&
    (stored === undefined || comparePositions(entry.appliedTo, stored) > 0)
      ? entry.appliedTo
      : stored;
  return {
    name: entry.name,
    checkpoint: checkpoint ?? null,
    lag: await eventStore.countAfter(checkpoint),
    status: entry.status,
    last_error: entry.lastError,
    rebuild: entry.rebuild,
  };
};
