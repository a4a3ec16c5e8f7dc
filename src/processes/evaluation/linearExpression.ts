import jsonata from 'jsonata';

/**
 * Expressions small enough, and made only of parts whose cost is one walk of what they read, may
 * be evaluated in the service's own process: sending them to an evaluator would cost more than
 * they do. Anything else (filters, sorting, grouping, lambdas, regexes, bindings, functions whose
 * cost or result may grow past their input, paths that make something per item) goes to the
 * evaluators, where a runaway costs an evaluator its life, never the service. JSONata flattens a
 * path's results with no hook to check their size on the way, so what may multiply must not run
 * here at all.
 */
const MAX_NODES = 64;

const NODE_TYPES: ReadonlySet<string> = new Set([
  'path',
  'binary',
  'unary',
  'name',
  'string',
  'number',
  'value',
  'wildcard',
  'condition',
  'variable',
  'function',
  // Parentheses: each expression inside evaluated once (a binding in one is refused on its own).
  'block',
]);

const BINARY: ReadonlySet<string> = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'and',
  'or',
  '&',
  'in',
]);

/** Built-ins whose cost is a walk of their arguments and whose result is no larger than them. */
const FUNCTIONS: ReadonlySet<string> = new Set([
  'count',
  'exists',
  'boolean',
  'not',
  'number',
  'sum',
  'max',
  'min',
  'average',
  'round',
  'floor',
  'ceil',
  'abs',
  'uppercase',
  'lowercase',
  'trim',
  'length',
  'substring',
  'now',
  'millis',
  'type',
]);

/**
 * Built-ins that are a walk of their first argument when the second is a string written in the
 * expression: `$contains` searches for it (a pattern, a regex, is refused as a node of its own).
 */
const WITH_LITERAL: ReadonlySet<string> = new Set(['contains']);

/** What a step of a path may carry beyond its name: any of these makes it more than a walk. */
const OPERATORS = ['stages', 'predicate', 'group', 'focus', 'index', 'tuple', 'seekingParent'];

type Node = { type: string; value?: unknown; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The node's children: under any key, alone, in a list, or in a list of pairs (`{ k: v }`). */
const childrenOf = (node: Node): Node[] => {
  const children: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'procedure') continue;
    const items = Array.isArray(value) ? value.flat() : [value];
    for (const item of items) if (isNode(item)) children.push(item);
  }
  return children;
};

/**
 * A step after a path's first is evaluated once per item the steps before it gave. A name (or a
 * wildcard) selects a part of its item, so a path of them gives back at most what it read. Any
 * other step (`$$.b`, `($$.b)`, `[a, a]`, `$f(x)`) makes something per item, and a path of two
 * such, or of one that reads beyond its item, multiplies: `a.($$.b)` is `a` times `b` long.
 */
const STEP_AFTER_FIRST: ReadonlySet<string> = new Set(['name', 'wildcard']);

const allowed = (node: Node): boolean => {
  if (!NODE_TYPES.has(node.type)) return false;
  if (OPERATORS.some((key) => node[key] !== undefined)) return false;
  switch (node.type) {
    case 'path': {
      const steps = (node.steps as Node[] | undefined) ?? [];
      return steps.slice(1).every((step) => STEP_AFTER_FIRST.has(step.type));
    }
    case 'binary':
      return BINARY.has(String(node.value));
    case 'unary':
      return ['-', '[', '{'].includes(String(node.value));
    case 'variable':
      // `$` and `$$`: the context. A named variable could only be a binding of the evaluation.
      return node.value === '' || node.value === '$';
    case 'function': {
      const procedure = node.procedure as Node | undefined;
      if (procedure?.type !== 'variable') return false;
      const name = String(procedure.value);
      if (FUNCTIONS.has(name)) return true;
      const args = node.arguments as Node[] | undefined;
      return WITH_LITERAL.has(name) && args?.length === 2 && args[1]?.type === 'string';
    }
    default:
      return true;
  }
};

const verdicts = new Map<string, boolean>();

/** Whether the expression is cheap and bounded enough to evaluate in-process (see above). */
export const isLinearExpression = (source: string): boolean => {
  const known = verdicts.get(source);
  if (known !== undefined) return known;
  let verdict = false;
  try {
    const pending: Node[] = [jsonata(source).ast() as unknown as Node];
    let nodes = 0;
    verdict = true;
    while (verdict && pending.length > 0) {
      const node = pending.pop()!;
      verdict = ++nodes <= MAX_NODES && allowed(node);
      pending.push(...childrenOf(node));
    }
  } catch {
    verdict = false;
  }
  if (verdicts.size > 10_000) verdicts.clear();
  verdicts.set(source, verdict);
  return verdict;
};
