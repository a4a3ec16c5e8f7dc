import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';
import type { DomainError } from '../../shared/errors.js';
import { domainError } from '../../shared/errors.js';
import { failure, handledFailure } from './endings.js';
import type { InstanceEvent, StepWait } from './instanceEvents.js';
import type { ExistingInstance } from './instanceState.js';

/**
 * Escalation (PRODUCT.md 16): a person's step (`user_action`, `approval`) or a `wait_for_event`
 * with `timeout_ms` waits until a deadline. Past it, the step fails with code `timeout`, and the instance goes on at the
 * step's `on_timeout`, or fails with it when there is none.
 */
export type TimeOutWait = {
  type: 'time_out_wait';
  step_id: string;
  /** The definition's `on_timeout` of the step; null: the instance fails. */
  on_timeout: string | null;
  now: string;
};

/** When a wait's deadline is: a delay's end, or a person's step's timeout. */
export const deadlineOf = (wait: StepWait | null | undefined): string | null =>
  wait && 'until' in wait && wait.until !== undefined ? wait.until : null;

/** A person answering after the deadline is too late, even before the timer fired. */
export const pastDeadline = (state: ExistingInstance, now: string): DomainError | null => {
  const wait = state.current?.wait;
  const deadline = wait?.kind === 'delay' || wait?.kind === 'retry' ? null : deadlineOf(wait);
  return deadline !== null && deadline <= now
    ? domainError(
        'conflict',
        `Step ${state.current!.step_id} of ${state.instance_id} timed out at ${deadline}.`,
      )
    : null;
};

export const decideWaitTimeout = (
  command: TimeOutWait,
  state: ExistingInstance,
): Either<DomainError, InstanceEvent[]> => {
  const { step_id, now } = command;
  const wait = state.current?.step_id === step_id ? state.current.wait : null;
  const deadline = wait?.kind === 'delay' || wait?.kind === 'retry' ? null : deadlineOf(wait);
  if (deadline === null)
    return left(
      domainError('conflict', `Step ${step_id} of ${state.instance_id} waits for no deadline.`),
    );
  if (deadline > now)
    return left(
      domainError('conflict', `Step ${step_id} of ${state.instance_id} waits until ${deadline}.`),
    );
  const message = `No answer by ${deadline}.`;
  if (command.on_timeout === null) return right(failure(state, step_id, 'timeout', message, now));
  return right(
    handledFailure(state, step_id, { code: 'timeout', message }, now, command.on_timeout),
  );
};
