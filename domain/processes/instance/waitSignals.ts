import { left, right } from 'fp-ts/lib/Either.js';
import { decidedFailure } from './endings.js';
import type { InstanceEvent } from './instanceEvents.js';
import type { ExistingInstance } from './instanceState.js';
import type { CommandOf, Decision } from './stepChecks.js';
import { checkCurrent, conflict, factBase } from './stepChecks.js';
import { pastDeadline } from './waitDeadlines.js';

/**
 * The ends of the waits PRODUCT.md 16 adds: a business event for `wait_for_event`, the end of a
 * retried step's pause, the end of a `call`'s child. Each applies only to the wait in progress, so
 * an event correlated twice, a timer firing twice or a child's end told twice changes nothing.
 */

export const decideEventReceipt = (
  command: CommandOf<'receive_event'>,
  state: ExistingInstance,
): Decision => {
  const { step_id, event, next, now } = command;
  const refused = checkCurrent(state, step_id, 'event') ?? pastDeadline(state, command.recorded_at);
  if (refused) return left(refused);
  const wait = state.current?.wait;
  if (wait?.kind === 'event' && wait.event_type !== event.type)
    return conflict(`Step ${step_id} of ${state.instance_id} waits for ${wait.event_type}.`);
  const base = factBase(state, now);
  return right([
    { type: 'process_instance.event_received', data: { ...base, step_id, event_id: event.id } },
    { type: 'process_instance.step_completed', data: { ...base, step_id, output: event, next } },
  ]);
};

export const decideResume = (
  command: CommandOf<'resume_step'>,
  state: ExistingInstance,
): Decision => {
  const { step_id, now } = command;
  const refused = checkCurrent(state, step_id, 'retry');
  if (refused) return left(refused);
  const wait = state.current!.wait;
  if (wait?.kind !== 'retry') return conflict(`Step ${step_id} is not waiting to be retried.`);
  if (wait.until > now)
    return conflict(`Step ${step_id} of ${state.instance_id} is retried at ${wait.until}.`);
  return right([
    {
      type: 'process_instance.step_retrying',
      data: { ...factBase(state, now), step_id, attempt: wait.attempt },
    },
  ]);
};

export const decideChildEnd = (
  command: CommandOf<'finish_child'>,
  state: ExistingInstance,
): Decision => {
  const { step_id, child_id, child, next, now } = command;
  const refused = checkCurrent(state, step_id, 'child');
  if (refused) return left(refused);
  const wait = state.current!.wait;
  if (wait?.kind !== 'child' || wait.instance_id !== child_id)
    return conflict(`Step ${step_id} of ${state.instance_id} does not wait for ${child_id}.`);
  const base = factBase(state, now);
  const ended: InstanceEvent = {
    type: 'process_instance.child_ended',
    data: { ...base, step_id, child_id, status: child.status },
  };
  if (child.status === 'completed')
    return right([
      ended,
      {
        type: 'process_instance.step_completed',
        data: { ...base, step_id, output: child.output, next },
      },
    ]);
  const error = {
    code: 'child_failed',
    message: `Child instance ${child_id} ${child.status}: ${child.message}`,
  };
  return right([ended, ...decidedFailure(state, step_id, error, command, now)]);
};
