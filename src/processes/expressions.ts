import type {
  EvaluatorWork,
  ExpressionContext,
  ExpressionInput,
  SchemaFault,
} from './evaluation/evaluationJob.js';
import type { ExpressionPool, ExpressionPoolOptions } from './evaluation/expressionPool.js';
import { expressionPool } from './evaluation/expressionPool.js';
import { ExpressionError } from './evaluation/expressionError.js';
import { evaluateGuarded } from './evaluation/guardedEvaluation.js';
import { isLinearExpression } from './evaluation/linearExpression.js';
import { MAX_PAYLOAD_BYTES } from '../../domain/events/businessEvent.js';
import { isDemoted, watched } from '../quarantine/stallWatch.js';
import { workKey } from '../quarantine/workKeys.js';

export type { ExpressionContext } from './evaluation/evaluationJob.js';
export type { ExpressionErrorCode } from './evaluation/expressionError.js';
export { ExpressionError } from './evaluation/expressionError.js';

let pool: ExpressionPool | undefined;
let limits: ExpressionPoolOptions = {};
let holders = 0;

/**
 * The value of an expression, undefined when it selects nothing. A definition's expressions are
 * the platform's code run on merchants' data: they are evaluated off the event loop, in time and
 * memory limits (see expressionPool). Rejects with an ExpressionError when the expression is at
 * fault, with a plain Error when the evaluators are not there to ask.
 */
export const evaluate = (source: string, context: ExpressionContext): Promise<unknown> =>
  evaluateFor(context.instance.merchant_id, source, context);

/**
 * The same over any input, on behalf of a merchant: an endpoint's filter over a webhook's body,
 * say. The merchant's evaluations wait their turn beside other merchants' (see merchantQueues).
 * `timeLimitMs`, when given, bounds this evaluation instead of the evaluators' own limit.
 */
export const evaluateFor = (
  merchantId: string,
  source: string,
  input: ExpressionInput,
  timeLimitMs?: number,
): Promise<unknown> =>
  runsInProcess(source)
    ? watched(workKey('expression', source), () => evaluateHere(source, input, timeLimitMs))
    : (pool ??= expressionPool(limits)).evaluateFor(merchantId, source, input, timeLimitMs);

/**
 * The faults of a value under a schema, checked in an evaluator on behalf of a merchant (see
 * schemaChecks): in the same evaluators, and the same turns, as the merchant's expressions.
 */
export const checkInEvaluator = (
  merchantId: string,
  work: Extract<EvaluatorWork, { kind: 'schema' }>,
  timeLimitMs: number,
): Promise<SchemaFault[]> =>
  (pool ??= expressionPool(limits)).checkFor(merchantId, work, timeLimitMs);

/**
 * Whether the expression is evaluated in the service's own process: only when it provably cannot
 * multiply what it reads, and did not stall a process of the service to death before.
 */
export const runsInProcess = (source: string): boolean =>
  isLinearExpression(source) && !isDemoted(workKey('expression', source));

/**
 * A small expression that only walks what it reads (a path, arithmetic, a comparison, an object
 * of such): evaluated here, under the same guard and bounds, at a fraction of an evaluator's
 * round trip. At most 64 such parts, each one walk of the context, can hold the loop only briefly.
 * It is watched all the same (see stallWatch): should it ever stall the service to death, the
 * next start sends it to the evaluators.
 */
const evaluateHere = async (
  source: string,
  input: ExpressionInput,
  timeLimitMs?: number,
): Promise<unknown> => {
  const outcome = await evaluateGuarded(source, input, {
    timeLimitMs: timeLimitMs ?? limits.timeLimitMs ?? 1_000,
    maxOutputBytes: limits.maxOutputBytes ?? MAX_PAYLOAD_BYTES,
  });
  if ('code' in outcome) throw new ExpressionError(source, outcome.message, outcome.code);
  return outcome.json === undefined ? undefined : (JSON.parse(outcome.json) as unknown);
};

/**
 * Keeps the evaluators with the service's limits until `stop`: the service holds them while its
 * executor runs, and the last holder's stop ends them. Evaluations with no holder (a script, a
 * test) get evaluators with the defaults, which never keep a process alive.
 */
export const holdExpressionEvaluators = (
  options: ExpressionPoolOptions,
): { stop: () => Promise<void> } => {
  if (holders++ === 0) {
    limits = options;
    // Started before the service's limits were known: the next evaluation starts them afresh.
    void pool?.close();
    pool = undefined;
  }
  let stopped = false;
  return {
    stop: async () => {
      if (stopped) return;
      stopped = true;
      if (--holders > 0) return;
      const held = pool;
      pool = undefined;
      await held?.close();
    },
  };
};

/** An `if` or a branch's `when`: JSONata's own truthiness (`$boolean`). */
export const isTrue = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.some(isTrue);
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
};
