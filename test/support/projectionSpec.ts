import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { EventMetadata, Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { emptyMetadata } from '../../domain/shared/envelope.js';
import { matchesFilter } from '../../domain/shared/eventFilter.js';
import type { Change, Projection } from '../../projections/projection.js';

let sequence = 0;

/** An event as the log records it, in a stream, with what a spec cares about. */
export const recorded = (
  stream: string,
  type: string,
  data: unknown,
  options: { revision?: number; metadata?: Partial<EventMetadata>; recordedAt?: string } = {},
): RecordedEvent => {
  sequence++;
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { ...emptyMetadata(), ...options.metadata },
    stream,
    revision: options.revision ?? 0,
    position: String(sequence).padStart(20, '0') as Position,
    recorded_at: options.recordedAt ?? '2026-01-01T00:00:00.000Z',
  };
};

/**
 * when(events).then(changes) for a projection: the changes it asks of the read store for those
 * events, in order. Each event must pass the projection's filter (the runner hands it no other);
 * `ignores(event)` checks one it must not be handed, or must turn into nothing.
 */
export const projectionSpec = (projection: Projection) => ({
  when: (...events: RecordedEvent[]) => {
    for (const event of events)
      expect(matchesFilter(projection.filter, event), `${event.type} passes the filter`).to.equal(
        true,
      );
    const changes = events.flatMap((event) => projection.project(event));
    return {
      then: (expected: readonly Change[]) => expect(changes).to.deep.equal(expected),
      /** For changes holding what a spec cannot know in advance (a time, an id). */
      thenMatch: (check: (changes: readonly Change[]) => void) => check(changes),
    };
  },
  ignores: (event: RecordedEvent) => {
    const handed = matchesFilter(projection.filter, event);
    expect(handed ? projection.project(event) : []).to.deep.equal([]);
  },
});
