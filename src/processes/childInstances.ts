import { createHash } from 'node:crypto';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { CallStep } from '../../domain/processes/stepLanguage.js';
import type { InstanceCommand } from '../../domain/processes/instance/instanceCommands.js';
import type { ExistingInstance } from '../../domain/processes/instance/instanceState.js';
import { TERMINAL_STATUSES } from '../../domain/processes/instance/instanceState.js';
import {
  PROCESS_INSTANCES,
  processInstancesProjection,
} from '../../projections/processInstances.js';
import { findDocs } from '../reads/readModels.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { followingStep, stepById } from '../../domain/processes/execution/stepGraph.js';
import { caughtBy } from '../../domain/processes/execution/catching.js';
import { retryPause } from '../../domain/processes/execution/retrying.js';
import type { DefinitionBody } from '../../domain/processes/stepLanguage.js';
import { evaluate } from './expressions.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { causedBy } from '../../domain/shared/envelope.js';
import {
  instanceDecider,
  instanceStream,
} from '../../domain/processes/instance/processInstance.js';
import { handleCommand } from '../commands/handleCommand.js';
import type { Services } from '../services.js';
import { EXECUTOR_ACTOR } from './executorActor.js';
import { InstanceMoved, openSession } from './instanceSession.js';
import type { Definitions } from './definitions.js';
import { checkStart, startInstance } from './startInstance.js';
import type { StepEnvironment, StepOutcome } from './stepTypes.js';

/** How many `call`s deep instances may nest: a definition calling itself ends there. */
export const MAX_CALL_DEPTH = 5;

const CHILDREN_PAGE = 100;

const failed = (code: string, message: string): StepOutcome => ({ kind: 'failed', code, message });

/**
 * The id of the child a run of a `call` step starts: derived from what starts it, so that running
 * the step again after a crash finds the child it started rather than start a second one. A retry
 * starts a new child.
 */
export const childInstanceId = (
  parentId: string,
  stepId: string,
  run: number,
  failures: number,
): string =>
  `pi_${createHash('sha256')
    .update([parentId, stepId, run, failures].join('\u0000'))
    .digest('hex')
    .slice(0, 32)}`;

/** Starts the child instance of a `call` step, for the same merchant, and waits for its end. */
export const startChild = async (step: CallStep, env: StepEnvironment): Promise<StepOutcome> => {
  const { instance } = env.context;
  if (env.depth >= MAX_CALL_DEPTH)
    return failed('call_depth_exceeded', `Calls nest at most ${MAX_CALL_DEPTH} deep.`);
  const called = await env.definitions.definition(step.process_id);
  if (!called) return failed('process_not_found', `No process definition ${step.process_id}.`);
  if (called.active_version === null)
    return failed('process_inactive', `${step.process_id} has no active version.`);
  const version = await env.definitions.version(step.process_id, called.active_version);
  if (!version) throw new Error(`${step.process_id} v${called.active_version} is not readable`);
  const input = await evaluate(step.input, env.context);
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return failed('input_invalid', 'The input of a call must be an object.');
  const checked = await checkStart({
    version,
    merchantId: instance.merchant_id,
    inputs: input as Record<string, unknown>,
    startSource: { mode: 'call', instance_id: instance.id, step_id: step.id },
    replayOf: null,
    lineage: { parent: { instance_id: instance.id, step_id: step.id }, depth: env.depth + 1 },
  });
  if (isLeft(checked)) return failed('input_invalid', checked.left.detail);
  const childId = childInstanceId(instance.id, step.id, env.run, env.failures);
  const started = await startInstance(env.services, checked.right, env.metadata, childId);
  if (isLeft(started)) return failed(started.left.code, started.left.detail);
  return { kind: 'waiting', wait: { kind: 'child', instance_id: childId } };
};

/**
 * What the parent decides once the child it waits on has ended: the step completes with the
 * child's output, or fails with `child_failed` (retried, caught, or failing the parent). Undefined
 * while the child runs.
 */
export const childEnding = async (
  eventStore: EventStore,
  parent: ExistingInstance,
  definition: DefinitionBody,
  now: Date,
): Promise<InstanceCommand | undefined> => {
  const wait = parent.current?.wait;
  if (wait?.kind !== 'child') return undefined;
  const child = (await openSession(eventStore, wait.instance_id)).state;
  if (!child.exists || !['completed', 'failed', 'cancelled'].includes(child.status))
    return undefined;
  const step_id = parent.current!.step_id;
  const step = stepById(definition, step_id);
  const base = {
    type: 'finish_child',
    step_id,
    child_id: wait.instance_id,
    next: followingStep(definition, step_id),
    now: now.toISOString(),
  } as const;
  if (child.status === 'completed')
    return { ...base, child: { status: 'completed', output: child.result?.output ?? null } };
  const message = child.error ? `${child.error.code}: ${child.error.message}` : 'cancelled';
  const failures = parent.current!.failures ?? 0;
  const pause = retryPause(step, 'child_failed', failures);
  const onFailed = caughtBy(step, 'child_failed');
  return {
    ...base,
    child: { status: child.status as 'failed' | 'cancelled', message },
    ...(pause !== undefined && {
      retry: { until: new Date(now.getTime() + pause).toISOString(), attempt: failures + 2 },
    }),
    ...(onFailed !== undefined && { on_failed: onFailed }),
  };
};

/**
 * A cancelled parent's running children are cancelled in turn (and theirs after them). They are
 * found in the read model once it shows the parent's cancellation, so a child started an instant
 * before it, whose parent had not yet recorded the wait, is found too; one already ended is left.
 */
export const cancelChildren = async (
  services: Pick<Services, 'eventStore' | 'now' | 'projector' | 'readStore'>,
  cancelled: RecordedEvent,
): Promise<void> => {
  const parentId = (cancelled.data as { instance_id: string }).instance_id;
  const reading = [processInstancesProjection.name];
  if (!(await services.projector.caughtUp(cancelled.position, undefined, reading)))
    throw new Error('The instances read model is behind the cancellation to pass on.');
  let cursor: string | undefined;
  do {
    const page = await findDocs(services.readStore, PROCESS_INSTANCES, {
      where: { parent_id: parentId },
      orderBy: { field: 'created_at', direction: 'asc' },
      limit: CHILDREN_PAGE,
      ...(cursor && { cursor }),
    });
    for (const child of page.docs) {
      if (TERMINAL_STATUSES.has(child.status)) continue;
      const result = await handleCommand(
        services.eventStore,
        instanceDecider,
        instanceStream(child.id),
        { type: 'cancel_instance', now: services.now().toISOString() },
        causedBy(cancelled, EXECUTOR_ACTOR),
      );
      // Refused because the child ended meanwhile: nothing left to cancel. Otherwise, again later.
      if (isLeft(result)) {
        const now = (await openSession(services.eventStore, child.id)).state;
        if (now.exists && !TERMINAL_STATUSES.has(now.status))
          throw new Error(`Child ${child.id} could not be cancelled: ${result.left.detail}`);
      }
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
};

/**
 * The end of a child, recorded in its parent waiting on it (news of the child's end): the call
 * completes, fails or waits to be retried, and that record moves the parent on. Nothing happens
 * when the parent does not wait on this child (yet: it looks again itself once it recorded the
 * wait; or any more). Another writer getting there first makes it look again.
 */
export const recordChildEnd = async (
  services: Pick<Services, 'eventStore' | 'now'>,
  definitions: Definitions,
  parentId: string,
): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    const session = await openSession(services.eventStore, parentId);
    const parent = session.state;
    if (!parent.exists || parent.current?.wait?.kind !== 'child') return;
    const version = await definitions.version(parent.definition.id, parent.definition.version);
    if (!version) throw new Error(`${parentId} runs a definition version that is missing`);
    const ended = await childEnding(services.eventStore, parent, version.body, services.now());
    if (!ended) return;
    try {
      session.decide(ended);
      await session.flush(causedBy(session.last!, EXECUTOR_ACTOR));
      return;
    } catch (err) {
      if (!(err instanceof InstanceMoved) || attempt >= 5) throw err;
    }
  }
};
