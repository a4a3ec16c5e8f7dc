import { isLeft } from 'fp-ts/lib/Either.js';
import type { HttpStep, Step } from '../../domain/processes/stepLanguage.js';
import { followingStep } from '../../domain/processes/execution/stepGraph.js';
import { publishEvent } from '../events/publishEvent.js';
import { evaluate, isTrue } from './expressions.js';
import { derivedEventId } from './instanceNotices.js';
import type { StepEnvironment, StepOutcome } from './stepTypes.js';
import { startChild } from './childInstances.js';

export type { StepEnvironment, StepOutcome } from './stepTypes.js';

const DEFAULT_HTTP_TIMEOUT_MS = 10_000;

/** The deadline of a person's step with `timeout_ms`: its timer fires then (escalation). */
const deadline = (env: { services: { now: () => Date } }, step: { timeout_ms?: number }) =>
  step.timeout_ms === undefined
    ? {}
    : { until: new Date(env.services.now().getTime() + step.timeout_ms).toISOString() };

const callService = async (step: HttpStep, env: StepEnvironment): Promise<StepOutcome> => {
  const body = step.body === undefined ? undefined : await evaluate(step.body, env.context);
  const answer = await env.caller.call({
    method: step.method,
    url: step.url,
    headers: step.headers ?? {},
    body,
    timeoutMs: step.timeout_ms ?? DEFAULT_HTTP_TIMEOUT_MS,
  });
  if (answer.ok && answer.status >= 200 && answer.status < 300) {
    const output = { status: answer.status, body: answer.body };
    return { kind: 'completed', output, next: followingStep(env.definition, step.id) };
  }
  // The step's retry, if any, takes the failure: on the durable timer, not in this call.
  return answer.ok
    ? { kind: 'failed', code: 'http_status', message: `The service answered ${answer.status}.` }
    : { kind: 'failed', code: answer.code, message: answer.message };
};

/** Runs one started step to its outcome; throws an ExpressionError when an expression fails. */
export const runStep = async (step: Step, env: StepEnvironment): Promise<StepOutcome> => {
  const next = (): string | null => followingStep(env.definition, step.id);
  switch (step.type) {
    case 'transform':
      return { kind: 'completed', output: await evaluate(step.value, env.context), next: next() };
    case 'emit': {
      const data = await evaluate(step.data, env.context);
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        return { kind: 'failed', code: 'invalid_event_data', message: 'data must be an object' };
      }
      // Each lane emits its own: the runs of a map share their step ids.
      const id =
        env.lane === ''
          ? derivedEventId(env.context.instance.id, step.id, String(env.run))
          : derivedEventId(env.context.instance.id, env.lane, step.id, String(env.run));
      const published = await publishEvent(
        env.services,
        {
          id,
          type: step.event_type,
          merchant_id: env.context.instance.merchant_id,
          data: data as Record<string, unknown>,
        },
        env.metadata,
      );
      if (isLeft(published)) {
        return { kind: 'failed', code: published.left.code, message: published.left.detail };
      }
      return { kind: 'completed', output: { event_id: id }, next: next() };
    }
    case 'delay': {
      const until = new Date(env.services.now().getTime() + step.duration_ms).toISOString();
      return { kind: 'waiting', wait: { kind: 'delay', until } };
    }
    case 'user_action':
      return {
        kind: 'waiting',
        wait: { kind: 'user_action', action: step.action ?? null, ...deadline(env, step) },
      };
    case 'approval':
      return { kind: 'waiting', wait: { kind: 'approval', ...deadline(env, step) } };
    case 'choice': {
      for (const branch of step.branches) {
        if (isTrue(await evaluate(branch.when, env.context))) {
          return { kind: 'completed', output: { next: branch.next }, next: branch.next };
        }
      }
      const otherwise = step.otherwise ?? next();
      return { kind: 'completed', output: { next: otherwise }, next: otherwise };
    }
    case 'http':
      return callService(step, env);
    case 'fail':
      return { kind: 'failed', code: step.code, message: step.message ?? `Failed at ${step.id}.` };
    case 'succeed':
      return { kind: 'completed', output: null, next: null };
    case 'wait_for_event':
      return {
        kind: 'waiting',
        wait: { kind: 'event', event_type: step.event_type, ...deadline(env, step) },
      };
    case 'call':
      return startChild(step, env);
    case 'parallel':
    case 'map':
      // A fork starts lanes, which the executor runs beside the line: not a step run here.
      throw new Error(`Step ${step.id} starts lanes: the executor forks it.`);
  }
};
