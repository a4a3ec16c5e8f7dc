import jsonata from 'jsonata';

/** What an expression sees (PRODUCT.md 4). */
export type ExpressionContext = {
  input: Record<string, unknown>;
  steps: Record<string, unknown>;
  instance: { id: string; merchant_id: string };
};

export class ExpressionError extends Error {
  constructor(
    readonly expression: string,
    message: string,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

type Guard = { deadline: number; depth: number };
type Environment = { isParallelCall?: boolean; lookup: (name: string) => unknown };

/** A definition's expressions are the platform's code, but a runaway one must not stall the executor. */
const TIME_LIMIT_MS = 1000;
const MAX_DEPTH = 500;
const GUARD = '__sluice_guard';
const ENTRY = Symbol.for('jsonata.__evaluate_entry');
const EXIT = Symbol.for('jsonata.__evaluate_exit');

const checkGuard = (environment: Environment, step: number): void => {
  if (environment.isParallelCall) return;
  const guard = environment.lookup(GUARD) as Guard | undefined;
  if (!guard) return;
  guard.depth += step;
  if (guard.depth > MAX_DEPTH) throw new Error('the expression recursed too deeply');
  if (Date.now() > guard.deadline) throw new Error(`the expression ran over ${TIME_LIMIT_MS} ms`);
};

const compiled = new Map<string, jsonata.Expression>();

/**
 * Compiled expressions are kept by source text: definitions are immutable, so a version's
 * expressions compile once. Each evaluation carries its own guard (time and depth), passed as a
 * binding, since evaluations of one compiled expression may interleave.
 */
const compile = (source: string): jsonata.Expression => {
  let expression = compiled.get(source);
  if (!expression) {
    expression = jsonata(source);
    const assign = expression.assign.bind(expression) as unknown as (
      name: symbol,
      value: unknown,
    ) => void;
    assign(ENTRY, (_node: unknown, _input: unknown, environment: Environment) =>
      checkGuard(environment, 1),
    );
    assign(EXIT, (_node: unknown, _input: unknown, environment: Environment) =>
      checkGuard(environment, -1),
    );
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(source, expression);
  }
  return expression;
};

/** The value of an expression, undefined when it selects nothing. */
export const evaluate = async (source: string, context: ExpressionContext): Promise<unknown> => {
  try {
    const guard: Guard = { deadline: Date.now() + TIME_LIMIT_MS, depth: 0 };
    const value: unknown = await compile(source).evaluate(context, { [GUARD]: guard });
    return jsonValue(value);
  } catch (err) {
    const message =
      err instanceof Error ? err.message : String((err as { message?: unknown }).message ?? err);
    throw new ExpressionError(source, message);
  }
};

/** JSONata results may hold functions or sequences with extra properties: keep what JSON keeps. */
const jsonValue = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);

/** An `if` or a branch's `when`: JSONata's own truthiness (`$boolean`). */
export const isTrue = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.some(isTrue);
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
};
