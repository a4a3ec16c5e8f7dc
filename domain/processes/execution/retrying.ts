import type { Step } from '../stepLanguage.js';

/** Failures no retry takes: the guard against a step that loops for ever must end the instance. */
const NEVER_RETRIED: ReadonlySet<string> = new Set(['step_limit_exceeded']);
/**
 * Failures a retry takes only when its `on` names them: a blocked address stays blocked, a header
 * that cannot be sent stays unsendable, a call's input stays invalid and its depth too deep, and a
 * definition missing or inactive stays so unless someone acts: trying again would only wait.
 */
const RETRIED_WHEN_NAMED: ReadonlySet<string> = new Set([
  'url_blocked',
  'invalid_request',
  'input_invalid',
  'process_not_found',
  'process_inactive',
  'call_depth_exceeded',
]);
const DEFAULT_BACKOFF_RATE = 2;

/**
 * How long to pause before the step's next attempt, when its `retry` takes a failure with `code`
 * after `failures` earlier failed attempts; undefined when the step fails for good.
 */
export const retryPause = (
  step: Step | undefined,
  code: string,
  failures: number,
): number | undefined => {
  const retry = step?.retry;
  if (!retry || NEVER_RETRIED.has(code)) return undefined;
  const taken = retry.on ? retry.on.includes(code) : !RETRIED_WHEN_NAMED.has(code);
  if (!taken || failures + 1 >= retry.max_attempts) return undefined;
  return retry.backoff_ms * (retry.backoff_rate ?? DEFAULT_BACKOFF_RATE) ** failures;
};
