import type { ServiceCaller } from '../../adapters/services/port.js';
import { followingStep, stepById } from '../../domain/processes/execution/stepGraph.js';
import type { ExistingInstance } from '../../domain/processes/instance/instanceState.js';
import { isTerminal } from '../../domain/processes/instance/instanceState.js';
import type { DefinitionBody, Step } from '../../domain/processes/stepLanguage.js';
import { causedBy } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';
import type { Definitions } from './definitions.js';
import type { ExpressionContext } from './expressions.js';
import { evaluate, ExpressionError, isTrue } from './expressions.js';
import type { InstanceSession } from './instanceSession.js';
import { InstanceMoved, openSession } from './instanceSession.js';
import type { StepOutcome } from './stepTypes.js';
import { deadlineOf } from '../../domain/processes/instance/waitDeadlines.js';
import { caughtBy } from '../../domain/processes/execution/catching.js';
import { retryPause } from '../../domain/processes/execution/retrying.js';
import { childEnding } from './childInstances.js';
import { runStep } from './stepRunner.js';
import { EXECUTOR_ACTOR } from './executorActor.js';

export { EXECUTOR_ACTOR } from './executorActor.js';

/** A step reached this often is a loop that does not end: the instance fails rather than spin. */
export const MAX_STEP_RUNS = 1000;

export type ExecutorDeps = {
  services: Pick<Services, 'eventStore' | 'now'>;
  definitions: Definitions;
  caller: ServiceCaller;
};

/** Where an instance stands once the executor has taken it as far as it can go now. */
export type Standing = { status: ExistingInstance['status']; wakeAt: string | null } | null;

const contextOf = (state: ExistingInstance): ExpressionContext => ({
  input: state.inputs,
  steps: state.outputs,
  instance: { id: state.instance_id, merchant_id: state.merchant_id },
});

const stepOf = (definition: DefinitionBody, stepId: string): Step => {
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

const existing = (session: InstanceSession): ExistingInstance => {
  const state = session.state;
  if (!state.exists) throw new Error('the instance vanished');
  return state;
};

/** Takes the next step: skips or starts it, runs it, and records its outcome in the session. */
const takeStep = async (
  deps: ExecutorDeps,
  session: InstanceSession,
  definition: DefinitionBody,
): Promise<void> => {
  const state = existing(session);
  const now = () => deps.services.now().toISOString();
  let step: Step | undefined;
  let outcome: StepOutcome;
  try {
    if (state.current) {
      // Started before a crash and never recorded as ended: run it again (at least once).
      step = stepOf(definition, state.current.step_id);
    } else {
      step = stepOf(definition, state.cursor ?? '');
      if (step.if !== undefined && !isTrue(await evaluate(step.if, contextOf(state)))) {
        session.decide({
          type: 'skip_step',
          ...identity(step),
          next: followingStep(definition, step.id),
          now: now(),
        });
        return;
      }
      session.decide({ type: 'start_step', ...identity(step), now: now() });
    }
    const runs = existing(session).runs[step.id] ?? 1;
    if (runs > MAX_STEP_RUNS) {
      outcome = {
        kind: 'failed',
        code: 'step_limit_exceeded',
        message: `Step ${step.id} ran ${MAX_STEP_RUNS} times.`,
      };
    } else {
      // The start of a call to a service is recorded before the call: the history shows it.
      if (step.type === 'http') await session.flush(causedBy(session.last!, EXECUTOR_ACTOR));
      outcome = await runStep(step, {
        services: deps.services,
        caller: deps.caller,
        definitions: deps.definitions,
        definition,
        context: contextOf(existing(session)),
        depth: state.depth,
        run: runs,
        failures: existing(session).current?.failures ?? 0,
        metadata: causedBy(session.last!, EXECUTOR_ACTOR),
      });
    }
  } catch (err) {
    if (!(err instanceof ExpressionError) || !step) throw err;
    if (!existing(session).current)
      session.decide({ type: 'start_step', ...identity(step), now: now() });
    outcome = { kind: 'failed', code: err.code, message: `${err.message} (in ${err.expression})` };
  }
  const step_id = step.id;
  switch (outcome.kind) {
    case 'completed':
      session.decide({
        type: 'complete_step',
        step_id,
        output: outcome.output ?? null,
        next: outcome.next,
        now: now(),
      });
      return;
    case 'waiting':
      session.decide({ type: 'wait_step', step_id, wait: outcome.wait, now: now() });
      return;
    case 'failed': {
      const failures = existing(session).current?.failures ?? 0;
      const pause = retryPause(step, outcome.code, failures);
      if (pause !== undefined) {
        const error = { code: outcome.code, message: outcome.message };
        const until = new Date(deps.services.now().getTime() + pause).toISOString();
        const wait = { kind: 'retry', until, attempt: failures + 2, error } as const;
        session.decide({ type: 'wait_step', step_id, wait, now: now() });
        return;
      }
      const next = caughtBy(step, outcome.code);
      session.decide({
        type: 'fail_step',
        step_id,
        code: outcome.code,
        message: outcome.message,
        ...(next !== undefined && { next }),
        now: now(),
      });
    }
  }
};

const complete = async (session: InstanceSession, definition: DefinitionBody, now: string) => {
  const state = existing(session);
  try {
    const output =
      definition.output === null ? undefined : await evaluate(definition.output, contextOf(state));
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

/**
 * A child whose parent ended before the child's first step (cancelled while its call was starting
 * the child, say) has no one to answer: it is cancelled rather than run.
 */
const orphaned = async (deps: ExecutorDeps, child: ExistingInstance): Promise<boolean> => {
  if (!child.parent) return false;
  const parent = (await openSession(deps.services.eventStore, child.parent.instance_id)).state;
  return parent.exists && isTerminal(parent);
};

const advanceOnce = async (deps: ExecutorDeps, instanceId: string): Promise<Standing> => {
  const session = await openSession(deps.services.eventStore, instanceId);
  const start = session.state;
  if (!start.exists) return null;
  if (start.status === 'pending' && (await orphaned(deps, start))) {
    session.decide({ type: 'cancel_instance', now: deps.services.now().toISOString() });
    await session.flush(causedBy(session.last!, EXECUTOR_ACTOR));
    return { status: 'cancelled', wakeAt: null };
  }
  const waitsOnChild = start.current?.wait?.kind === 'child';
  if (isTerminal(start) || (start.status === 'waiting' && !waitsOnChild))
    return { status: start.status, wakeAt: null };
  const version = await deps.definitions.version(start.definition.id, start.definition.version);
  if (!version)
    throw new Error(
      `${instanceId} runs ${start.definition.id} v${start.definition.version}, which is missing`,
    );
  const definition = version.body;
  for (;;) {
    const state = existing(session);
    if (isTerminal(state)) break;
    if (state.current?.wait) {
      // A child may have ended before its parent recorded the wait: the parent looks, each time.
      if (state.current.wait.kind !== 'child') break;
      await session.flush(causedBy(session.last!, EXECUTOR_ACTOR));
      const ended = await childEnding(
        deps.services.eventStore,
        existing(session),
        definition,
        deps.services.now(),
      );
      if (!ended) break;
      session.decide(ended);
      continue;
    }
    if (!state.current && state.cursor === null) {
      await complete(session, definition, deps.services.now().toISOString());
      break;
    }
    await takeStep(deps, session, definition);
  }
  await session.flush(causedBy(session.last!, EXECUTOR_ACTOR));
  const end = existing(session);
  const wait = end.current?.wait;
  return { status: end.status, wakeAt: deadlineOf(wait) };
};

/**
 * Takes an instance as far as it can go without waiting: step after step until one waits for a
 * timer or a person, or the instance ends. Safe to call at any time and more than once: it acts
 * only on what the instance's stream says is next.
 */
export const advanceInstance = async (
  deps: ExecutorDeps,
  instanceId: string,
): Promise<Standing> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await advanceOnce(deps, instanceId);
    } catch (err) {
      if (!(err instanceof InstanceMoved) || attempt >= 5) throw err;
    }
  }
};
