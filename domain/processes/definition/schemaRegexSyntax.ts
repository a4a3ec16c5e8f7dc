import type { Either } from 'fp-ts/lib/Either.js';
import { left, right } from 'fp-ts/lib/Either.js';

/**
 * JSON Schema patterns are ECMA-262 regular expressions (with the `u` flag); RE2 reads a close
 * dialect but gives a few escapes other meanings. This rewrites those few into forms both read
 * alike, and refuses what RE2 cannot match in linear time. The pattern must already be a valid
 * ECMA-262 expression: the rewrite trusts its grammar (no nested classes, no stray brackets).
 */

/** ECMA-262's `\s`: RE2's is ASCII only. */
const SPACE =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const SPACE_CODE_POINTS = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];
/** ECMA-262's `.` without the `s` flag stops at every line terminator; RE2's only at `\n`. */
const DOT = '[^\\n\\r\\u2028\\u2029]';
const ANYTHING = '[\\u{0}-\\u{10FFFF}]';
const NOTHING = '[^\\u{0}-\\u{10FFFF}]';

const LOOKAROUND = 'uses a lookahead or lookbehind, which no linear-time engine can check';
const BACKREFERENCE = 'uses a backreference, which no linear-time engine can check';

const hex = (codePoint: number): string => `\\u{${codePoint.toString(16)}}`;

/**
 * A class holding `\S`. Plain: the other members, or any character but a space. Negated: the
 * spaces that none of the other members matches, found by asking ECMA-262 itself.
 */
const classWithNonSpace = (negated: boolean, members: string): string => {
  if (!negated) return members === '' ? `[^${SPACE}]` : `(?:[${members}]|[^${SPACE}])`;
  const others = new RegExp(`[${members}]`, 'u');
  const spaces = SPACE_CODE_POINTS.filter(
    (cp) => members === '' || !others.test(String.fromCodePoint(cp)),
  );
  return spaces.length === 0 ? NOTHING : `[${spaces.map(hex).join('')}]`;
};

/** The class starting at `start` (its `[`): its rewrite and the index after its `]`. */
const rewriteClass = (pattern: string, start: number): [string, number] => {
  let i = start + 1;
  const negated = pattern[i] === '^';
  if (negated) i += 1;
  let members = '';
  let nonSpace = false;
  while (i < pattern.length && pattern[i] !== ']') {
    if (pattern[i] !== '\\') {
      members += pattern[i];
      i += 1;
      continue;
    }
    const escaped = pattern[i + 1] ?? '';
    if (escaped === 's') members += SPACE;
    else if (escaped === 'S') nonSpace = true;
    // Backspace inside a class in ECMA-262; RE2 refuses `\b` there.
    else if (escaped === 'b') members += '\\u{8}';
    else members += `\\${escaped}`;
    i += 2;
  }
  const end = i + 1;
  if (nonSpace) return [classWithNonSpace(negated, members), end];
  if (members === '') return [negated ? ANYTHING : NOTHING, end];
  return [`[${negated ? '^' : ''}${members}]`, end];
};

const isLookaround = (pattern: string, i: number): boolean =>
  ['(?=', '(?!', '(?<=', '(?<!'].some((opening) => pattern.startsWith(opening, i));

/** The pattern in a form RE2 matches as ECMA-262 would, or why it has none. */
export const toLinearSyntax = (pattern: string): Either<string, string> => {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i] ?? '';
    if (char === '[') {
      const [rewritten, next] = rewriteClass(pattern, i);
      out += rewritten;
      i = next;
      continue;
    }
    if (char === '(' && isLookaround(pattern, i)) return left(LOOKAROUND);
    if (char === '\\') {
      const escaped = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(escaped)) return left(BACKREFERENCE);
      out += escaped === 's' ? `[${SPACE}]` : escaped === 'S' ? `[^${SPACE}]` : `\\${escaped}`;
      i += 2;
      continue;
    }
    out += char === '.' ? DOT : char;
    i += 1;
  }
  return right(out);
};
