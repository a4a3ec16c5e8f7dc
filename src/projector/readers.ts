import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { matchesFilter } from '../../domain/shared/eventFilter.js';
import type { Projection } from '../../projections/projection.js';

/**
 * The projections that read any of these events: the only read models a write changes, so the
 * only ones its caller needs to wait for to read its write. Across processes, a projection that
 * skips the events moves its checkpoint past them only now and then: waiting for it would cost
 * the writer that delay for nothing.
 */
export const readersOf = (
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): string[] =>
  projections
    .filter((projection) => events.some((event) => matchesFilter(projection.filter, event)))
    .map((projection) => projection.name);
