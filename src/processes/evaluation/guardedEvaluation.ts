import jsonata from 'jsonata';
import { bindBoundedFunctions } from './boundedFunctions.js';
import type { EvaluationLimits, EvaluationOutcome, ExpressionInput } from './evaluationJob.js';
import { EvaluationLimit } from './evaluationLimit.js';
import { LinearRegex } from './linearRegex.js';

type Guard = { deadline: number; depth: number; timeLimitMs: number };
type Environment = { isParallelCall?: boolean; lookup: (name: string) => unknown };
type Hook = (node: unknown, input: unknown, environment: Environment, result?: unknown) => void;

const MAX_DEPTH = 500;
const GUARD = '__sluice_guard';
const ENTRY = Symbol.for('jsonata.__evaluate_entry');
const EXIT = Symbol.for('jsonata.__evaluate_exit');

/** Checked as each node is entered and left: most runaways stop here, long before being killed. */
const checkGuard = (environment: Environment, step: number): void => {
  if (environment.isParallelCall) return;
  const guard = environment.lookup(GUARD) as Guard | undefined;
  if (!guard) return;
  guard.depth += step;
  if (guard.depth > MAX_DEPTH) throw new Error('the expression recursed too deeply');
  if (Date.now() > guard.deadline)
    throw new EvaluationLimit(
      'expression_timeout',
      `the expression ran over ${guard.timeLimitMs} ms`,
    );
};

/**
 * No string or list made on the way may be longer than the result may be: a value that doubles
 * at each step stops here, at its first node past the bound, not when memory runs out. Reading a
 * string's length costs nothing, even for one made of many joined pieces.
 */
const checkSize = (value: unknown, maxLength: number): void => {
  if (typeof value !== 'string' && !Array.isArray(value)) return;
  if (value.length <= maxLength) return;
  const what =
    typeof value === 'string'
      ? `a string of ${value.length} characters`
      : `a list of ${value.length} items`;
  throw new EvaluationLimit(
    'expression_output_too_large',
    `the expression made ${what}; at most ${maxLength}`,
  );
};

const compiled = new Map<string, jsonata.Expression>();
/**
 * The source text of the expressions kept compiled, at most: an evaluator's heap is small, and
 * an expression's syntax tree is many times its text.
 */
const MAX_COMPILED_CHARS = 200_000;
let compiledChars = 0;

/**
 * Compiled expressions are kept by source text: definitions are immutable, so a version's
 * expressions compile once (again once the cache was emptied). Each evaluation carries its own
 * guard (time and depth), passed as a binding, since evaluations of one compiled expression may
 * interleave.
 */
const compile = (source: string, limits: EvaluationLimits): jsonata.Expression => {
  let expression = compiled.get(source);
  if (!expression) {
    expression = jsonata(source, { RegexEngine: LinearRegex as unknown as RegExpConstructor });
    const assign = expression.assign.bind(expression) as unknown as (
      name: symbol,
      hook: Hook,
    ) => void;
    assign(ENTRY, (_node, _input, environment) => checkGuard(environment, 1));
    assign(EXIT, (_node, _input, environment, result) => {
      checkSize(result, limits.maxOutputBytes);
      checkGuard(environment, -1);
    });
    bindBoundedFunctions(expression, limits.maxOutputBytes);
    if (compiledChars + source.length > MAX_COMPILED_CHARS) {
      compiled.clear();
      compiledChars = 0;
    }
    compiled.set(source, expression);
    compiledChars += source.length;
  }
  return expression;
};

/**
 * The value as JSON, measured: no larger than a step output may be. JSONata results may hold
 * functions or sequences with extra properties; JSON keeps what a step output keeps.
 */
const toJson = (value: unknown, maxBytes: number): string | undefined => {
  if (value === undefined) return undefined;
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) throw new Error('the expression gave a function, which is not data');
  // A string's UTF-8 bytes are never fewer than its UTF-16 units: a long one need not be encoded.
  if (json.length > maxBytes || Buffer.byteLength(json) > maxBytes)
    throw new EvaluationLimit(
      'expression_output_too_large',
      `the expression's value is larger than ${maxBytes} bytes as JSON`,
    );
  return json;
};

/** jsonata throws plain objects with a `message`, not instances of Error. */
const messageOf = (err: unknown): string =>
  err instanceof Error ? err.message : String((err as { message?: unknown }).message ?? err);

/** Evaluates an expression under its guard and bounds; never throws. */
export const evaluateGuarded = async (
  source: string,
  context: ExpressionInput,
  limits: EvaluationLimits,
): Promise<EvaluationOutcome> => {
  try {
    const { timeLimitMs } = limits;
    const guard: Guard = { deadline: Date.now() + timeLimitMs, depth: 0, timeLimitMs };
    const value: unknown = await compile(source, limits).evaluate(context, { [GUARD]: guard });
    return { json: toJson(value, limits.maxOutputBytes) };
  } catch (err) {
    if (err instanceof EvaluationLimit) return { code: err.limit, message: err.message };
    return { code: 'expression_failed', message: messageOf(err) };
  }
};
