import { expect } from 'chai';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import type { Decider } from '../../domain/shared/decider.js';
import type { DomainEvent } from '../../domain/shared/envelope.js';
import type { DomainErrorCode } from '../../domain/shared/errors.js';

/**
 * given(past events).when(command).then(new events) — or .thenFails(code) — for any decider.
 * The state is always built from events, as the command handler builds it.
 */
export const deciderSpec = <Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
) => ({
  given: (past: readonly Event[]) => ({
    when: (command: Command) => {
      const state = past.reduce(decider.evolve, decider.initialState());
      const decision = decider.decide(command, state);
      return {
        then: (expected: readonly Event[]) => {
          if (isLeft(decision))
            expect.fail(`refused: ${decision.left.code}: ${decision.left.detail}`);
          expect(decision.right).to.deep.equal(expected);
        },
        thenFails: (code: DomainErrorCode) => {
          if (isRight(decision)) expect.fail(`decided ${JSON.stringify(decision.right)}`);
          expect(decision.left.code).to.equal(code);
        },
      };
    },
  }),
});
