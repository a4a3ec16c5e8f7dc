import jsonata from 'jsonata';
import { RE2JS } from 're2js';
import type { Expression } from '../stepLanguage.js';
import type { Faults, Reader } from './fields.js';

/** Longer than any expression a definition needs; a bound on what every run parses and keeps. */
export const MAX_EXPRESSION_LENGTH = 10_000;
export const MAX_REGEX_LENGTH = 1_000;

/**
 * The engine an expression's regexes run on: RE2's, which matches in time linear in its input,
 * so no pattern can backtrack for minutes. It has no backreferences and no lookaround; a regex
 * that needs them throws here. JSONata regexes take only the `i` and `m` flags.
 */
export const linearRegex = (regex: RegExp): RE2JS =>
  RE2JS.compile(
    RE2JS.translateRegExp(regex.source),
    (regex.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (regex.multiline ? RE2JS.MULTILINE : 0),
  );

/**
 * An expression must at least parse as JSONata when the definition is published, so that a typo
 * is refused with its path instead of failing an instance later; so must its regexes compile for
 * the linear-time engine. Parsing evaluates nothing.
 */
export const expression: Reader<Expression> = (value, path, faults) => {
  if (typeof value !== 'string' || value.trim() === '') {
    faults.push({ path, message: 'must be a non-empty JSONata expression' });
    return undefined;
  }
  if (value.length > MAX_EXPRESSION_LENGTH) {
    faults.push({ path, message: `must be at most ${MAX_EXPRESSION_LENGTH} characters long` });
    return undefined;
  }
  let ast: unknown;
  try {
    ast = jsonata(value).ast();
  } catch (error) {
    faults.push({ path, message: `is not a valid JSONata expression: ${messageOf(error)}` });
    return undefined;
  }
  const before = faults.length;
  for (const regex of regexesIn(ast)) checkRegex(regex, path, faults);
  return faults.length === before ? value : undefined;
};

const checkRegex = (regex: RegExp, path: string, faults: Faults): void => {
  if (regex.source.length > MAX_REGEX_LENGTH) {
    faults.push({
      path,
      message: `has a regex of ${regex.source.length} characters; at most ${MAX_REGEX_LENGTH}`,
    });
    return;
  }
  try {
    linearRegex(regex);
  } catch (error) {
    faults.push({
      path,
      message:
        `has the regex /${regex.source}/, which cannot run in linear time ` +
        `(no backreferences or lookaround): ${messageOf(error)}`,
    });
  }
};

/** The regex literals of a parsed expression: its AST's `regex` nodes, wherever they sit. */
const regexesIn = (ast: unknown): RegExp[] => {
  const found: RegExp[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || node instanceof RegExp || seen.has(node))
      return;
    seen.add(node);
    const { type, value } = node as { type?: unknown; value?: unknown };
    if (type === 'regex' && value instanceof RegExp) found.push(value);
    for (const child of Object.values(node)) visit(child);
  };
  visit(ast);
  return found;
};

/** jsonata throws plain objects with a `message`, not instances of Error. */
const messageOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);
