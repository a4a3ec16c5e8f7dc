import type { Step } from '../stepLanguage.js';

/**
 * Codes no `catch` takes: the guard against a step run too many times (a loop through `next`)
 * must end the instance, or two steps catching each other would run for ever.
 */
const UNCATCHABLE: ReadonlySet<string> = new Set(['step_limit_exceeded']);

/** Where a step's failure with `code` sends the instance, if one of its catch clauses names it. */
export const caughtBy = (step: Step | undefined, code: string): string | undefined =>
  UNCATCHABLE.has(code)
    ? undefined
    : step?.catch?.find((clause) => clause.on.includes(code) || clause.on.includes('*'))?.next;
