import type { CatchClause, StepRetry } from '../stepLanguage.js';
import type { Faults, JsonObject, Reader } from './fields.js';
import { integer, list, object, optional, pathOf, required, text } from './fields.js';

/** What a step is read against: every step id of the definition, with the index of its first use. */
export type StepIds = ReadonlyMap<string, number>;

export const MAX_DELAY_MS = 31_536_000_000;
export const MAX_ATTEMPTS = 10;
export const MAX_BACKOFF_MS = 3_600_000;
export const MAX_BACKOFF_RATE = 10;
const MAX_CATCH_CLAUSES = 10;
/** A code a step can fail with, as a fail step names one, or `*` for any. */
const CATCH_CODE_PATTERN = /^(\*|[a-z][a-z0-9_]{0,63})$/;
/** A code a retry names: as a fail step names one (a retry of anything says nothing of codes). */
const RETRY_CODE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** A field that names another step of the same definition. */
export const stepRef =
  (ids: StepIds): Reader<string> =>
  (value, path, faults) => {
    if (typeof value !== 'string') {
      faults.push({ path, message: 'must be the id of a step' });
      return undefined;
    }
    if (!ids.has(value)) {
      faults.push({ path, message: `names no step of this definition: ${value}` });
      return undefined;
    }
    return value;
  };

const catchClause =
  (ids: StepIds): Reader<CatchClause> =>
  (value, path, faults) => {
    const found = object(['on', 'next'])(value, path, faults);
    if (!found) return undefined;
    const on = required(found, 'on', path, faults, list(text({ pattern: CATCH_CODE_PATTERN })));
    const next = required(found, 'next', path, faults, stepRef(ids));
    if (on === undefined || next === undefined || on.some((code) => code === undefined))
      return undefined;
    return { on: on as string[], next };
  };

export const catches =
  (ids: StepIds): Reader<Array<CatchClause | undefined>> =>
  (value, path, faults) => {
    const clauses = list(catchClause(ids))(value, path, faults);
    if (clauses && clauses.length > MAX_CATCH_CLAUSES)
      faults.push({ path, message: `must have at most ${MAX_CATCH_CLAUSES} clauses` });
    return clauses;
  };

const rate: Reader<number> = (value, path, faults) => {
  if (typeof value === 'number' && value >= 1 && value <= MAX_BACKOFF_RATE) return value;
  faults.push({ path, message: `must be a number from 1 to ${MAX_BACKOFF_RATE}` });
  return undefined;
};

/** A step's `retry` (http's among them, which its service calls' failures go through). */
export const retry: Reader<StepRetry> = (value, path, faults) => {
  const found = object(['max_attempts', 'backoff_ms', 'backoff_rate', 'on'])(value, path, faults);
  if (!found) return undefined;
  const max_attempts = required(found, 'max_attempts', path, faults, integer(1, MAX_ATTEMPTS));
  const backoff_ms = required(found, 'backoff_ms', path, faults, integer(0, MAX_BACKOFF_MS));
  const backoff_rate = optional(found, 'backoff_rate', path, faults, rate);
  const on = optional(found, 'on', path, faults, list(text({ pattern: RETRY_CODE_PATTERN })));
  if (max_attempts === undefined || backoff_ms === undefined) return undefined;
  if (on?.some((code) => code === undefined)) return undefined;
  return {
    max_attempts,
    backoff_ms,
    ...(backoff_rate !== undefined && { backoff_rate }),
    ...(on !== undefined && { on: on as string[] }),
  };
};

/** A waiting step's deadline, and where the instance goes past it (escalation). */
export const deadline = (s: JsonObject, p: string, f: Faults, ids: StepIds): JsonObject => {
  if (s.on_timeout !== undefined && s.timeout_ms === undefined)
    f.push({ path: pathOf(p, 'on_timeout'), message: 'needs timeout_ms beside it' });
  return {
    timeout_ms: optional(s, 'timeout_ms', p, f, integer(1, MAX_DELAY_MS)),
    on_timeout: optional(s, 'on_timeout', p, f, stepRef(ids)),
  };
};
