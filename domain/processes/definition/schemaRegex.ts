import type { Options } from 'ajv/dist/2020.js';
import type { Either } from 'fp-ts/lib/Either.js';
import { chain, isLeft, left, map, right } from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { RE2JS } from 're2js';
import { toLinearSyntax } from './schemaRegexSyntax.js';

/**
 * Schema patterns run on merchants' input, so they run on RE2 (re2js), whose time grows linearly
 * with the input, never on a backtracking engine: `^(a|a)*$` would hold the event loop for minutes
 * on 32 characters.
 */

/** The longest pattern a schema may hold, in characters. */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * The most instructions a compiled pattern may have. Matching is linear in the input, but each
 * character may cost a step per instruction once RE2's cache of states overflows: at 2,000
 * instructions (`[ab]{1000}[ab]{1000}[^ab]`) one 256 KiB input took 30 s, at 1,000 under 0.6 s.
 * `^[a-z0-9-]{1,255}$` compiles to about 500.
 */
export const MAX_PATTERN_PROGRAM = 1000;

export type CompiledPattern = { test: (text: string) => boolean };

type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

const isValidEcmaPattern = (pattern: string, flags: string): Either<string, string> => {
  try {
    new RegExp(pattern, `u${flags}`);
    return right(pattern);
  } catch (error) {
    return left(`is not an ECMA-262 regular expression: ${(error as Error).message}`);
  }
};

const compileRe2 = (syntax: string, flags: number): Either<string, RE2JS> => {
  try {
    return right(RE2JS.compile(RE2JS.translateRegExp(syntax), flags));
  } catch (error) {
    return left(`cannot be matched in linear time: ${(error as Error).message}`);
  }
};

/** How many instructions RE2 compiled the pattern to (re2js keeps its program untyped). */
const programSize = (compiled: RE2JS): number =>
  (compiled.re2().prog as { numInst: () => number }).numInst();

const boundedProgram = (compiled: RE2JS): Either<string, RE2JS> => {
  const size = programSize(compiled);
  return size > MAX_PATTERN_PROGRAM
    ? left(`compiles to ${size} instructions; at most ${MAX_PATTERN_PROGRAM} are allowed`)
    : right(compiled);
};

/**
 * A pattern of ECMA-262 (as JSON Schema reads it: unanchored, with the `u` flag), compiled for
 * RE2; or why it cannot be (a message that completes "the pattern …"). `ignoreCase` is ECMA's `i`.
 */
export const compilePattern = (
  pattern: string,
  options: { ignoreCase?: boolean } = {},
): Either<string, CompiledPattern> => {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return left(`is ${pattern.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed`);
  }
  const flags = options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0;
  return pipe(
    isValidEcmaPattern(pattern, options.ignoreCase ? 'i' : ''),
    chain(toLinearSyntax),
    chain((syntax) => compileRe2(syntax, flags)),
    chain(boundedProgram),
    map((compiled) => ({ test: (text: string) => compiled.test(text) })),
  );
};

/** A pattern as a message may quote it: a long one would fill the log (and the answer). */
export const quotePattern = (pattern: string): string =>
  JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern);

/**
 * Ajv's engine for `pattern` and `patternProperties`. Ajv asks for the `u` flag, which RE2 always
 * has. A pattern it cannot take makes the schema fail to compile, saying why.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string): CompiledPattern & { toString: () => string } => {
    const compiled = compilePattern(pattern);
    if (isLeft(compiled)) throw new Error(`pattern ${quotePattern(pattern)} ${compiled.left}`);
    // Ajv keeps one compiled pattern per distinct `toString`.
    return { ...compiled.right, toString: () => `/${pattern}/u` };
  },
  { code: 'linearRegExp' },
);
