import type { FieldFault } from '../../../domain/shared/errors.js';

/** Deeper than any real payload; far shallower than what overflows a recursive walk of it. */
export const MAX_BODY_DEPTH = 100;

type Fault = { kind: 'too_deep' } | { kind: 'not_finite' } | { kind: 'nul' };

/** U+0000: PostgreSQL's text and jsonb cannot hold it, nor MongoDB's field names. */
const holdsNul = (text: string): boolean => text.includes('\u0000');

/** What a value is refused for in itself: an infinite number, or a string holding U+0000. */
const valueFault = (value: unknown): Fault | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { kind: 'not_finite' };
  if (typeof value === 'string') return holdsNul(value) ? { kind: 'nul' } : undefined;
  return undefined;
};

/**
 * What no route accepts in a parsed body, found in one walk without recursion (it is the
 * recursion we guard against): nesting over MAX_BODY_DEPTH levels, numbers JSON.parse made
 * infinite (`1e309`), which JSON.stringify would then write as `null`, and strings or keys holding
 * U+0000, which a store would refuse later, or keep on one backend and not on another. Only
 * objects are put on the stack, and nothing is allocated per value: on a 1 MiB body the walk
 * costs a fraction of the parse before it.
 */
const firstFault = (root: unknown): Fault | undefined => {
  const objects: object[] = [];
  const depths: number[] = [];
  const visit = (value: unknown, depth: number): Fault | undefined => {
    if (typeof value === 'object' && value !== null) {
      objects.push(value);
      depths.push(depth);
    }
    return valueFault(value);
  };
  const atRoot = visit(root, 0);
  if (atRoot) return atRoot;
  for (let value = objects.pop(); value !== undefined; value = objects.pop()) {
    const depth = depths.pop()!;
    if (depth >= MAX_BODY_DEPTH) return { kind: 'too_deep' };
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const fault = visit(value[i], depth + 1);
        if (fault) return fault;
      }
    } else {
      const record = value as Record<string, unknown>;
      // `for…in` lists no keys into an array: a body of many small objects allocates nothing.
      for (const key in record) {
        if (holdsNul(key)) return { kind: 'nul' };
        const fault = visit(record[key], depth + 1);
        if (fault) return fault;
      }
    }
  }
  return undefined;
};

/**
 * The keys down to the first value (or key) of this kind, looked for no deeper than the walk
 * looks.
 */
const pathToFault = (kind: Fault['kind'], value: unknown, depth = 0): string[] | undefined => {
  if (valueFault(value)?.kind === kind) return [];
  if (typeof value !== 'object' || value === null || depth >= MAX_BODY_DEPTH) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (kind === 'nul' && holdsNul(key)) return [key];
    const rest = pathToFault(kind, record[key], depth + 1);
    if (rest) return [key, ...rest];
  }
  return undefined;
};

/** Why a parsed body is refused whatever the route, with the detail and the fault's path. */
export const bodyFault = (root: unknown): { detail: string; fault: FieldFault } | undefined => {
  const fault = firstFault(root);
  if (!fault) return undefined;
  if (fault.kind === 'too_deep') {
    return {
      detail: `The body nests deeper than ${MAX_BODY_DEPTH} levels.`,
      fault: { path: '', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` },
    };
  }
  const path = (pathToFault(fault.kind, root) ?? []).join('.');
  if (fault.kind === 'nul') {
    return {
      detail: 'A string in the body holds the character U+0000, which cannot be stored.',
      fault: { path, message: 'must not hold the character U+0000' },
    };
  }
  return {
    detail: 'A number in the body is too large to be represented.',
    fault: { path, message: 'must be a finite number (at most about 1.8e308 in size)' },
  };
};
