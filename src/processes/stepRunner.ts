import { isLeft } from 'fp-ts/lib/Either.js';
import type { ServiceCaller } from '../../adapters/services/port.js';
import type { StepWait } from '../../domain/processes/instance/instanceEvents.js';
import type { DefinitionBody, HttpStep, Step } from '../../domain/processes/stepLanguage.js';
import { followingStep } from '../../domain/processes/execution/stepGraph.js';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import { publishEvent } from '../events/publishEvent.js';
import type { Services } from '../services.js';
import type { ExpressionContext } from './expressions.js';
import { evaluate, isTrue } from './expressions.js';
import { derivedEventId } from './instanceNotices.js';

/** What became of one run of a step. */
export type StepOutcome =
  | { kind: 'completed'; output: unknown; next: string | null }
  | { kind: 'waiting'; wait: StepWait }
  | { kind: 'failed'; code: string; message: string };

export type StepEnvironment = {
  services: Pick<Services, 'eventStore' | 'now'>;
  caller: ServiceCaller;
  definition: DefinitionBody;
  context: ExpressionContext;
  /** Which run of this step this is (1 for the first): loops run a step again. */
  run: number;
  metadata: EventMetadata;
};

const DEFAULT_HTTP_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The deadline of a person's step with `timeout_ms`: its timer fires then (escalation). */
const deadline = (env: { services: { now: () => Date } }, step: { timeout_ms?: number }) =>
  step.timeout_ms === undefined
    ? {}
    : { until: new Date(env.services.now().getTime() + step.timeout_ms).toISOString() };

const callService = async (step: HttpStep, env: StepEnvironment): Promise<StepOutcome> => {
  const body = step.body === undefined ? undefined : await evaluate(step.body, env.context);
  const attempts = step.retry?.max_attempts ?? 1;
  let last: StepOutcome = { kind: 'failed', code: 'http_failed', message: 'not called' };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(step.retry?.backoff_ms ?? 0);
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
    last = answer.ok
      ? { kind: 'failed', code: 'http_status', message: `The service answered ${answer.status}.` }
      : { kind: 'failed', code: answer.code, message: answer.message };
    // A blocked address stays blocked, a header that cannot be sent stays unsendable: trying
    // again would only wait.
    if (!answer.ok && (answer.code === 'url_blocked' || answer.code === 'invalid_request')) break;
  }
  return last;
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
      const id = derivedEventId(env.context.instance.id, step.id, String(env.run));
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
  }
};
