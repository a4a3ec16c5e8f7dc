import { randomUUID } from 'node:crypto';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { InstanceEvent } from '../../domain/processes/instance/instanceEvents.js';
import type { InstanceCommand } from '../../domain/processes/instance/processInstance.js';
import {
  instanceDecider,
  instanceStream,
} from '../../domain/processes/instance/processInstance.js';
import type { InstanceState } from '../../domain/processes/instance/instanceState.js';
import type { EventMetadata, Position, RecordedEvent } from '../../domain/shared/envelope.js';

/** Another writer appended to the instance first: the caller reads again and decides again. */
export class InstanceMoved extends Error {
  constructor(instanceId: string) {
    super(`${instanceId} changed meanwhile`);
    this.name = 'InstanceMoved';
  }
}

/**
 * Several decisions on one instance, taken in memory one after the other and appended together:
 * a run of quick steps costs one append, not one per step. The append expects the revision the
 * session read, so a concurrent command (a cancel) wins and the session starts over.
 */
export type InstanceSession = {
  readonly state: InstanceState;
  readonly last: RecordedEvent | undefined;
  decide: (command: InstanceCommand) => void;
  flush: (metadata: EventMetadata) => Promise<Position | undefined>;
};

export const openSession = async (
  store: EventStore,
  instanceId: string,
): Promise<InstanceSession> => {
  const stream = instanceStream(instanceId);
  const past = await store.readStream(stream);
  let state = past.reduce(
    (s, e) => instanceDecider.evolve(s, e as RecordedEvent<InstanceEvent>),
    instanceDecider.initialState(),
  );
  let revision = past.length - 1;
  let last = past[past.length - 1];
  let pending: InstanceEvent[] = [];
  return {
    get state() {
      return state;
    },
    get last() {
      return last;
    },
    decide: (command) => {
      const decision = instanceDecider.decide(command, state);
      if (isLeft(decision)) throw new InstanceMoved(`${instanceId}: ${decision.left.detail}`);
      for (const event of decision.right) state = instanceDecider.evolve(state, event);
      pending.push(...decision.right);
    },
    flush: async (metadata) => {
      if (pending.length === 0) return undefined;
      const appended = await store.append(
        stream,
        pending.map((event) => ({ ...event, id: randomUUID(), metadata })),
        revision < 0 ? 'no_stream' : revision,
      );
      if (isLeft(appended)) throw new InstanceMoved(instanceId);
      pending = [];
      revision = appended.right.nextExpectedRevision;
      last = appended.right.events[appended.right.events.length - 1];
      return appended.right.position;
    },
  };
};
