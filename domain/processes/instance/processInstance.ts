import { isRight, left, right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../../shared/decider.js';
import { domainError } from '../../shared/errors.js';
import type { InstanceEvent } from './instanceEvents.js';
import type { ExistingInstance, InstanceState } from './instanceState.js';
import { isTerminal } from './instanceState.js';
import { evolveInstance } from './instanceEvolution.js';
import { ending, failure, handledFailure } from './endings.js';
import { overgrownOutput, refusedPayload } from './payloadBounds.js';
import type { InstanceCommand } from './instanceCommands.js';
import { decideWaitTimeout, pastDeadline } from './waitDeadlines.js';
import type { CommandOf, Decision } from './stepChecks.js';
import { checkCurrent, conflict, factBase } from './stepChecks.js';
import { decideChildEnd, decideEventReceipt, decideResume } from './waitSignals.js';
import { decideLanesJoin, decideLanesStart } from './laneDecisions.js';
import { decideInstanceCompletion, decideInstanceFailure } from './instanceEnds.js';
import { MAIN } from './lanes.js';

export type { InstanceCommand } from './instanceCommands.js';

export const instanceStream = (instanceId: string): string => `process_instance-${instanceId}`;

const inProgress = (state: ExistingInstance, step: { step_id: string }): Decision =>
  conflict(`Step ${step.step_id} of ${state.instance_id} is in progress.`);

const decideStepEntry = (
  command: CommandOf<'start_step' | 'skip_step'>,
  state: ExistingInstance,
): Decision => {
  if (state.current) return inProgress(state, state.current);
  if (state.cursor !== command.step_id) return conflict(`Step ${command.step_id} is not next.`);
  const base = factBase(state, command.now);
  const step = { name: command.name, step_type: command.step_type, visible: command.visible };
  return right([
    command.type === 'start_step'
      ? {
          type: 'process_instance.step_started',
          data: { ...base, step_id: command.step_id, ...step },
        }
      : {
          type: 'process_instance.step_skipped',
          data: { ...base, step_id: command.step_id, ...step, next: command.next },
        },
  ]);
};

const decideWait = (command: CommandOf<'wait_step'>, state: ExistingInstance): Decision => {
  const refused = checkCurrent(state, command.step_id);
  if (refused) return left(refused);
  return right([
    {
      type: 'process_instance.step_waiting',
      data: { ...factBase(state, command.now), step_id: command.step_id, wait: command.wait },
    },
  ]);
};

const decideStepCompletion = (
  command: CommandOf<'complete_step'>,
  state: ExistingInstance,
): Decision => {
  const refused = checkCurrent(state, command.step_id);
  if (refused) return left(refused);
  if (state.current?.wait) {
    return conflict(`Step ${command.step_id} of ${state.instance_id} is waiting.`);
  }
  const { step_id, output, next } = command;
  return right([
    {
      type: 'process_instance.step_completed',
      data: { ...factBase(state, command.now), step_id, output, next },
    },
  ]);
};

const decideStepFailure = (command: CommandOf<'fail_step'>, state: ExistingInstance): Decision => {
  const refused = checkCurrent(state, command.step_id);
  if (refused) return left(refused);
  const { step_id, code, message, next, now } = command;
  return right(
    next === undefined
      ? failure(state, step_id, code, message, now)
      : handledFailure(state, step_id, { code, message }, now, next),
  );
};

const decideTimer = (command: CommandOf<'fire_timer'>, state: ExistingInstance): Decision => {
  const refused = checkCurrent(state, command.step_id, 'delay');
  if (refused) return left(refused);
  const wait = state.current?.wait;
  if (wait?.kind === 'delay' && wait.until > command.now) {
    return conflict(
      `The delay of step ${command.step_id} of ${state.instance_id} runs until ${wait.until}.`,
    );
  }
  const { step_id, next } = command;
  return right([
    {
      type: 'process_instance.step_completed',
      data: { ...factBase(state, command.now), step_id, output: null, next },
    },
  ]);
};

const decideUserAction = (
  command: CommandOf<'complete_user_action'>,
  state: ExistingInstance,
): Decision => {
  const refused =
    checkCurrent(state, command.step_id, 'user_action') ?? pastDeadline(state, command.now);
  if (refused) return left(refused);
  const base = factBase(state, command.now);
  const { step_id, data, next } = command;
  return right([
    { type: 'process_instance.user_action_completed', data: { ...base, step_id, data } },
    { type: 'process_instance.step_completed', data: { ...base, step_id, output: data, next } },
  ]);
};

const decideApproval = (
  command: CommandOf<'resolve_approval'>,
  state: ExistingInstance,
): Decision => {
  const refused =
    checkCurrent(state, command.step_id, 'approval') ?? pastDeadline(state, command.now);
  if (refused) return left(refused);
  const base = factBase(state, command.now);
  const { step_id, decision, comment, next } = command;
  const resolved: InstanceEvent = {
    type: 'process_instance.approval_resolved',
    data: { ...base, step_id, decision, comment },
  };
  if (decision === 'rejected') {
    const message = comment ?? 'The approval was rejected.';
    const { on_rejected: onRejected, now } = command;
    return right([
      resolved,
      ...(onRejected === undefined
        ? failure(state, step_id, 'approval_rejected', message, now)
        : handledFailure(state, step_id, { code: 'approval_rejected', message }, now, onRejected)),
    ]);
  }
  return right([
    resolved,
    {
      type: 'process_instance.step_completed',
      data: { ...base, step_id, output: { decision, comment }, next },
    },
  ]);
};

/** Commands about the instance as a whole: never about a lane. */
const WHOLE_INSTANCE: ReadonlySet<InstanceCommand['type']> = new Set([
  'create_instance',
  'cancel_instance',
  'complete_instance',
  'fail_instance',
]);

/**
 * A command about a step of a lane is decided on the instance as that lane sees it (its step in
 * progress, its next step); its facts say which lane. A step failure the lane does not handle
 * fails the lane, not the instance: the lane's fork fails when it joins its lanes.
 */
const decideInLane = (command: InstanceCommand, state: ExistingInstance, lane: string) => {
  const track = state.lanes[lane];
  if (!track || track.status !== 'running' || WHOLE_INSTANCE.has(command.type))
    return conflict(`No lane ${lane} of ${state.instance_id} is under way.`);
  const { current, cursor, outputs, runs } = track;
  const decided = decideBounded(command, { ...state, current, cursor, outputs, runs }, lane);
  if (!isRight(decided)) return decided;
  return right(
    decided.right
      .filter((event) => event.type !== 'process_instance.failed')
      .map((event) => ({ ...event, data: { ...event.data, lane } }) as InstanceEvent),
  );
};

const decideOnExisting = (command: InstanceCommand, state: ExistingInstance): Decision => {
  if (command.type === 'create_instance') return right([]);
  if (isTerminal(state)) {
    return conflict(`Process instance ${state.instance_id} is already ${state.status}.`);
  }
  const lane = command.lane ?? MAIN;
  return lane === MAIN ? decideBounded(command, state, MAIN) : decideInLane(command, state, lane);
};

/** A step whose output is over the payload bound fails with output_too_large, on its own line. */
const decideBounded = (
  command: InstanceCommand,
  state: ExistingInstance,
  line: string,
): Decision => {
  const decided = decideOnLine(command, state, line);
  return isRight(decided) ? right(overgrownOutput(command, state) ?? decided.right) : decided;
};

const decideOnLine = (
  command: InstanceCommand,
  state: ExistingInstance,
  line: string,
): Decision => {
  switch (command.type) {
    case 'create_instance':
      return right([]);
    case 'cancel_instance': {
      const wait = state.current?.wait;
      return right([
        {
          type: 'process_instance.cancelled',
          data: {
            ...ending(state, command.now),
            step_id: state.current?.step_id ?? null,
            ...(wait?.kind === 'child' && { child_id: wait.instance_id }),
            ...(Object.keys(state.lanes).length > 0 && { lanes: Object.keys(state.lanes) }),
          },
        },
      ]);
    }
    case 'start_step':
    case 'skip_step':
      return decideStepEntry(command, state);
    case 'wait_step':
      return decideWait(command, state);
    case 'complete_step':
      return decideStepCompletion(command, state);
    case 'fail_step':
      return decideStepFailure(command, state);
    case 'fire_timer':
      return decideTimer(command, state);
    case 'complete_user_action':
      return decideUserAction(command, state);
    case 'resolve_approval':
      return decideApproval(command, state);
    case 'fail_instance':
      return decideInstanceFailure(command, state);
    case 'complete_instance':
      return decideInstanceCompletion(command, state);
    case 'time_out_wait':
      return decideWaitTimeout(command, state);
    case 'receive_event':
      return decideEventReceipt(command, state);
    case 'resume_step':
      return decideResume(command, state);
    case 'finish_child':
      return decideChildEnd(command, state);
    case 'start_lanes':
      return decideLanesStart(command, state);
    case 'join_lanes':
      return decideLanesJoin(command, state, line);
  }
};

/**
 * A process instance: created by a run, advanced step by step by the executor, parked while a
 * step waits for a timer or a person, and ended by completion, failure or cancellation. Every
 * command checks that it applies to the step actually in progress, so that a late or repeated
 * command (a timer firing twice, two approvals racing) changes nothing.
 */
export const instanceDecider: Decider<InstanceCommand, InstanceEvent, InstanceState> = {
  initialState: () => ({ exists: false }),
  evolve: evolveInstance,
  decide: (command, state) => {
    const refused = refusedPayload(command);
    if (refused) return left(refused);
    if (state.exists) {
      return decideOnExisting(command, state);
    }
    if (command.type !== 'create_instance') {
      return left(domainError('not_found', 'No such process instance.'));
    }
    const { type: _type, now, ...created } = command;
    return right([{ type: 'process_instance.created', data: { ...created, created_at: now } }]);
  },
};
