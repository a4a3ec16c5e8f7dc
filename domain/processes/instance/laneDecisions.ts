import { left, right } from 'fp-ts/lib/Either.js';
import { decidedFailure, failure } from './endings.js';
import type { InstanceEvent } from './instanceEvents.js';
import type { ExistingInstance } from './instanceState.js';
import { lanesOf } from './lanes.js';
import { payloadFault } from './payloadBounds.js';
import type { CommandOf, Decision } from './stepChecks.js';
import { checkCurrent, conflict, factBase } from './stepChecks.js';

/**
 * Forks and joins (PRODUCT.md 16): a `parallel` or `map` step in progress on a line (`lane`, `''`
 * for the main one) starts its lanes, then waits on them, and is joined once they are over. The
 * state given is the instance seen from that line.
 */
export const decideLanesStart = (
  command: CommandOf<'start_lanes'>,
  state: ExistingInstance,
): Decision => {
  const refused = checkCurrent(state, command.step_id);
  if (refused) return left(refused);
  if (state.current?.wait)
    return conflict(`Step ${command.step_id} of ${state.instance_id} is waiting.`);
  const { step_id, lanes, now } = command;
  return right([
    { type: 'process_instance.lanes_started', data: { ...factBase(state, now), step_id, lanes } },
  ]);
};

export const decideLanesJoin = (
  command: CommandOf<'join_lanes'>,
  state: ExistingInstance,
  line: string,
): Decision => {
  const { step_id, next, now } = command;
  const refused = checkCurrent(state, step_id, 'lanes');
  if (refused) return left(refused);
  const lanes = lanesOf(state, line, step_id);
  const failed = lanes.find(([, lane]) => lane.status === 'failed')?.[1];
  if (!failed && lanes.some(([, lane]) => lane.status !== 'completed'))
    return conflict(`The lanes of step ${step_id} of ${state.instance_id} are under way.`);
  const base = factBase(state, now);
  const joined: InstanceEvent = {
    type: 'process_instance.lanes_joined',
    data: {
      ...base,
      step_id,
      outcome: failed ? 'failed' : 'completed',
      lanes: lanes.map(([id]) => id),
    },
  };
  if (!failed) {
    const output = lanes.map(([, lane]) => lane.last);
    // Each lane's output was bounded; together they may not be.
    const tooLarge = payloadFault(output, 'output', `The output of step ${step_id}`);
    if (tooLarge)
      return right([joined, ...failure(state, step_id, 'output_too_large', tooLarge.detail, now)]);
    return right([
      joined,
      { type: 'process_instance.step_completed', data: { ...base, step_id, output, next } },
    ]);
  }
  const error = {
    code: failed.error?.code ?? 'branch_failed',
    message: `${failed.fork}[${failed.index}]: ${failed.error?.message ?? 'failed'}`,
  };
  return right([joined, ...decidedFailure(state, step_id, error, command, now)]);
};
