import type { Either } from 'fp-ts/lib/Either.js';
import type { DomainEvent } from './envelope.js';
import type { DomainError } from './errors.js';

/**
 * A decider is the whole write model of one aggregate: from its past events (`evolve` over
 * `initialState`) it decides which new events a command produces, or refuses with an error value.
 */
export type Decider<Command, Event extends DomainEvent, State> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Either<DomainError, readonly Event[]>;
};

export const fold = <Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());
