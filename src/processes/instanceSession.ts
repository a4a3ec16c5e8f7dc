import { isLeft } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { InstanceEvent } from '../../domain/processes/instance/instanceEvents.js';
import type { InstanceCommand } from '../../domain/processes/instance/processInstance.js';
import {
  instanceDecider,
  instanceStream,
} from '../../domain/processes/instance/processInstance.js';
import type { InstanceState } from '../../domain/processes/instance/instanceState.js';
import { fold } from '../../domain/shared/decider.js';
import type { EventMetadata, Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { handleCommand } from '../commands/handleCommand.js';

/** Another writer appended to the instance first: the caller reads again and decides again. */
export class InstanceMoved extends Error {
  constructor(instanceId: string) {
    super(`${instanceId} changed meanwhile`);
    this.name = 'InstanceMoved';
  }
}

/**
 * Several decisions on one instance, taken in memory one after the other (each as it comes, so
 * that the next step sees their state) and run as one command handling on flush: a run of quick
 * steps costs one append, not one per step. The append expects the revision the session read, so
 * a concurrent command (a cancel) wins and the session starts over.
 */
export type InstanceSession = {
  readonly state: InstanceState;
  readonly last: RecordedEvent | undefined;
  /** Where in the log the wait in progress began, as last read: a wait begun again is another. */
  readonly waitingSince: Position | undefined;
  decide: (command: InstanceCommand) => void;
  flush: (metadata: EventMetadata) => Promise<Position | undefined>;
};

export const openSession = async (
  store: EventStore,
  instanceId: string,
): Promise<InstanceSession> => {
  const stream = instanceStream(instanceId);
  const past = (await store.readStream(stream)) as RecordedEvent<InstanceEvent>[];
  /** The stream as last read or written: the commands since are appended after it. */
  let stored = { state: fold(instanceDecider, past), revision: past.length - 1 };
  let state = stored.state;
  let last: RecordedEvent | undefined = past[past.length - 1];
  const waiting = past.findLast((event) => event.type === 'process_instance.step_waiting');
  let pending: InstanceCommand[] = [];
  let flushing: Promise<unknown> = Promise.resolve();
  return {
    get state() {
      return state;
    },
    get last() {
      return last;
    },
    get waitingSince() {
      return state.exists && state.current?.wait ? waiting?.position : undefined;
    },
    decide: (command) => {
      const decision = instanceDecider.decide(command, state);
      if (isLeft(decision)) throw new InstanceMoved(`${instanceId}: ${decision.left.detail}`);
      for (const event of decision.right) state = instanceDecider.evolve(state, event);
      pending.push(command);
    },
    // Flushes one after the other, each of the commands decided before it began: lanes taking
    // their steps at once may flush at once.
    flush: (metadata) => {
      const flushed = flushing.then(async () => {
        if (pending.length === 0) return undefined;
        const batch = pending;
        pending = [];
        // Decided again, together, on the stream as the session saw it: a writer that got there
        // first makes the append fail, and the caller starts over.
        const result = await handleCommand(store, instanceDecider, stream, batch, metadata, {
          known: stored,
          maxAttempts: 1,
        });
        if (isLeft(result)) throw new InstanceMoved(instanceId);
        const { events } = result.right;
        if (events.length === 0) return undefined;
        stored = { state: result.right.state, revision: events[events.length - 1]!.revision };
        last = events[events.length - 1];
        return result.right.position;
      });
      flushing = flushed.then(
        () => undefined,
        () => undefined,
      );
      return flushed;
    },
  };
};
