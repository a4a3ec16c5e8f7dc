import type { RE2JS } from 're2js';
import { linearRegex } from '../../../domain/processes/definition/expressions.js';

/** A match as RegExp's `exec` gives it: the whole match, then each group (undefined if unmatched). */
type Match = (string | undefined)[] & { index: number; input: string };

const compiled = new Map<string, RE2JS>();

/** Compiled once per pattern: jsonata makes an engine each time a regex literal is evaluated. */
const compile = (regex: RegExp): RE2JS => {
  const key = `${regex.flags}/${regex.source}`;
  let engine = compiled.get(key);
  if (!engine) {
    try {
      engine = linearRegex(regex);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(
        `the regex /${regex.source}/ cannot run in linear time (no backreferences or lookaround): ${why}`,
      );
    }
    if (compiled.size >= 200) compiled.clear();
    compiled.set(key, engine);
  }
  return engine;
};

/**
 * jsonata's `RegexEngine`: RE2 behind the part of a global RegExp that jsonata uses, `exec` from
 * `lastIndex`, which moves past each match and back to 0 when there is none.
 */
export class LinearRegex {
  lastIndex = 0;
  private readonly engine: RE2JS;

  constructor(regex: RegExp) {
    this.engine = compile(regex);
  }

  exec(input: string): Match | null {
    const matcher = this.engine.matcher(input);
    if (this.lastIndex > input.length || !matcher.find(this.lastIndex)) {
      this.lastIndex = 0;
      return null;
    }
    const groups = Array.from(
      { length: matcher.groupCount() + 1 },
      (_, group) => matcher.group(group) ?? undefined,
    );
    this.lastIndex = matcher.end();
    return Object.assign(groups, { index: matcher.start(), input });
  }
}
