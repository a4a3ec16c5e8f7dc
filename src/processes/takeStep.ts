import { caughtBy } from '../../domain/processes/execution/catching.js';
import { retryPause } from '../../domain/processes/execution/retrying.js';
import { followingStep, stepById } from '../../domain/processes/execution/stepGraph.js';
import type { InstanceCommand } from '../../domain/processes/instance/instanceCommands.js';
import type { ExistingInstance } from '../../domain/processes/instance/instanceState.js';
import { lanesOf, MAIN } from '../../domain/processes/instance/lanes.js';
import type { DefinitionBody, Step } from '../../domain/processes/stepLanguage.js';
import { causedBy } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';
import type { ServiceCaller } from '../../adapters/services/port.js';
import type { Definitions } from './definitions.js';
import { EXECUTOR_ACTOR } from './executorActor.js';
import { evaluate, ExpressionError, isTrue } from './expressions.js';
import { lanesToStart } from './forks.js';
import type { InstanceSession } from './instanceSession.js';
import { contextOf, forkRunsOf, trackAt } from './lineContext.js';
import { runStep } from './stepRunner.js';
import type { StepOutcome } from './stepTypes.js';

/** A step reached this often is a loop that does not end: the instance fails rather than spin. */
export const MAX_STEP_RUNS = 1000;

export type ExecutorDeps = {
  services: Pick<Services, 'eventStore' | 'now'>;
  definitions: Definitions;
  caller: ServiceCaller;
};

export const stepOf = (definition: DefinitionBody, stepId: string): Step => {
  const step = stepById(definition, stepId);
  if (!step) throw new Error(`Definition ${definition.id} has no step ${stepId}.`);
  return step;
};

const identity = (step: Step) => ({
  step_id: step.id,
  name: step.name ?? null,
  step_type: step.type,
  visible: step.visible ?? true,
});

export const existing = (session: InstanceSession): ExistingInstance => {
  const state = session.state;
  if (!state.exists) throw new Error('the instance vanished');
  return state;
};

/** Decides a command about a line's step, naming the lane unless it is the main line. */
const onLine =
  (session: InstanceSession, lane: string) =>
  (command: InstanceCommand): void =>
    session.decide(lane === MAIN ? command : { ...command, lane });

/** A failed step's fate: a pause before it is tried again, its catch, or the failure of its line. */
const failedStep = (
  deps: ExecutorDeps,
  decide: (command: InstanceCommand) => void,
  step: Step,
  failures: number,
  failed: { code: string; message: string },
) => {
  const now = deps.services.now();
  const pause = retryPause(step, failed.code, failures);
  if (pause !== undefined) {
    const until = new Date(now.getTime() + pause).toISOString();
    const wait = { kind: 'retry', until, attempt: failures + 2, error: failed } as const;
    decide({ type: 'wait_step', step_id: step.id, wait, now: now.toISOString() });
    return;
  }
  const next = caughtBy(step, failed.code);
  decide({
    type: 'fail_step',
    step_id: step.id,
    ...failed,
    ...(next !== undefined && { next }),
    now: now.toISOString(),
  });
};

/** Runs the started step of a line to its outcome: forks start their lanes, others run. */
const runStarted = async (
  deps: ExecutorDeps,
  session: InstanceSession,
  definition: DefinitionBody,
  lane: string,
  step: Step,
): Promise<StepOutcome | undefined> => {
  const state = existing(session);
  const runs = trackAt(state, lane).runs[step.id] ?? 1;
  if (runs > MAX_STEP_RUNS)
    return {
      kind: 'failed',
      code: 'step_limit_exceeded',
      message: `Step ${step.id} ran ${MAX_STEP_RUNS} times.`,
    };
  if (step.type === 'parallel' || step.type === 'map') {
    const underWay = Object.keys(state.lanes).length;
    const started = await lanesToStart(step, contextOf(state, lane), underWay);
    if ('failed' in started) return { kind: 'failed', ...started.failed };
    const now = deps.services.now().toISOString();
    onLine(session, lane)({ type: 'start_lanes', step_id: step.id, lanes: started.lanes, now });
    return undefined;
  }
  // The start of a call to a service is recorded before the call: the history shows it.
  if (step.type === 'http') await session.flush(causedBy(session.last!, EXECUTOR_ACTOR));
  return runStep(step, {
    services: deps.services,
    caller: deps.caller,
    definitions: deps.definitions,
    definition,
    context: contextOf(existing(session), lane),
    depth: state.depth,
    lane: lane === MAIN ? lane : `${lane}@${forkRunsOf(state, lane)}`,
    run: runs,
    failures: trackAt(existing(session), lane).current?.failures ?? 0,
    metadata: causedBy(session.last!, EXECUTOR_ACTOR),
  });
};

/** Takes a line's next step: skips or starts it, runs it, and records its outcome in the session. */
export const takeStep = async (
  deps: ExecutorDeps,
  session: InstanceSession,
  definition: DefinitionBody,
  lane: string,
): Promise<void> => {
  const decide = onLine(session, lane);
  // A lane its fork's join ended in this round has nothing left to do.
  if (lane !== MAIN && !existing(session).lanes[lane]) return;
  const track = trackAt(existing(session), lane);
  const now = () => deps.services.now().toISOString();
  let step: Step | undefined;
  let outcome: StepOutcome | undefined;
  try {
    if (track.current) {
      // Started before a crash and never recorded as ended: run it again (at least once).
      step = stepOf(definition, track.current.step_id);
    } else {
      step = stepOf(definition, track.cursor ?? '');
      const context = contextOf(existing(session), lane);
      if (step.if !== undefined && !isTrue(await evaluate(step.if, context))) {
        const next = followingStep(definition, step.id);
        decide({ type: 'skip_step', ...identity(step), next, now: now() });
        return;
      }
      decide({ type: 'start_step', ...identity(step), now: now() });
    }
    outcome = await runStarted(deps, session, definition, lane, step);
  } catch (err) {
    if (!(err instanceof ExpressionError) || !step) throw err;
    if (!trackAt(existing(session), lane).current)
      decide({ type: 'start_step', ...identity(step), now: now() });
    outcome = { kind: 'failed', code: err.code, message: `${err.message} (in ${err.expression})` };
  }
  if (!outcome) return;
  const step_id = step.id;
  switch (outcome.kind) {
    case 'completed':
      decide({
        type: 'complete_step',
        step_id,
        output: outcome.output ?? null,
        next: outcome.next,
        now: now(),
      });
      return;
    case 'waiting':
      decide({ type: 'wait_step', step_id, wait: outcome.wait, now: now() });
      return;
    case 'failed': {
      const failures = trackAt(existing(session), lane).current?.failures ?? 0;
      failedStep(deps, decide, step, failures, { code: outcome.code, message: outcome.message });
    }
  }
};

/**
 * Joins a fork whose lanes are over: it completes with their outputs, or fails with the first
 * failed lane's error, retried, caught or failing its line as any step's failure.
 */
export const joinLanes = (
  deps: ExecutorDeps,
  session: InstanceSession,
  definition: DefinitionBody,
  lane: string,
): void => {
  const state = existing(session);
  const current = trackAt(state, lane).current!;
  const fork = stepOf(definition, current.step_id);
  const failedLane = lanesOf(state, lane, fork.id).find(([, run]) => run.status === 'failed');
  const code = failedLane?.[1].error?.code;
  const failures = current.failures ?? 0;
  const now = deps.services.now();
  const pause = code === undefined ? undefined : retryPause(fork, code, failures);
  const onFailed = code === undefined ? undefined : caughtBy(fork, code);
  onLine(
    session,
    lane,
  )({
    type: 'join_lanes',
    step_id: fork.id,
    next: followingStep(definition, fork.id),
    ...(pause !== undefined && {
      retry: { until: new Date(now.getTime() + pause).toISOString(), attempt: failures + 2 },
    }),
    ...(onFailed !== undefined && { on_failed: onFailed }),
    now: now.toISOString(),
  });
};

/** Ends the main line: the instance completes with its output, or fails on it. */
export const complete = async (
  session: InstanceSession,
  definition: DefinitionBody,
  now: string,
) => {
  const state = existing(session);
  try {
    const output =
      definition.output === null
        ? undefined
        : await evaluate(definition.output, contextOf(state, MAIN));
    session.decide({
      type: 'complete_instance',
      result: output === undefined ? null : { output },
      now,
    });
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    // The output is the instance's last expression: its failure fails the instance, on no step.
    session.decide({
      type: 'fail_instance',
      code: err.code,
      message: `${err.message} (in the output ${err.expression})`,
      now,
    });
  }
};
