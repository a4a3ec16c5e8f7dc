import type { FieldFault } from '../../../domain/shared/errors.js';

/** Deeper than any real payload; far shallower than what overflows a recursive walk of it. */
export const MAX_BODY_DEPTH = 100;

type Fault = { kind: 'too_deep' } | { kind: 'not_finite' };

/**
 * What no route accepts in a parsed body, found in one walk without recursion (it is the
 * recursion we guard against): nesting over MAX_BODY_DEPTH levels, and numbers JSON.parse made
 * infinite (`1e309`), which JSON.stringify would then write as `null`. Only objects are put on the
 * stack, and nothing is allocated per value (`for…in` lists no keys into an array): on a 1 MiB
 * body the walk costs a fraction of the parse before it.
 */
const firstFault = (root: unknown): Fault | undefined => {
  if (typeof root === 'number') return Number.isFinite(root) ? undefined : { kind: 'not_finite' };
  if (typeof root !== 'object' || root === null) return undefined;
  const objects: object[] = [root];
  const depths: number[] = [0];
  /** False when the member is an infinite number; an object is put on the stack. */
  const visit = (member: unknown, depth: number): boolean => {
    if (typeof member === 'number') return Number.isFinite(member);
    if (typeof member === 'object' && member !== null) {
      objects.push(member);
      depths.push(depth);
    }
    return true;
  };
  for (let value = objects.pop(); value !== undefined; value = objects.pop()) {
    const depth = depths.pop()!;
    if (depth >= MAX_BODY_DEPTH) return { kind: 'too_deep' };
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++)
        if (!visit(value[i], depth + 1)) return { kind: 'not_finite' };
    } else {
      const record = value as Record<string, unknown>;
      for (const key in record) if (!visit(record[key], depth + 1)) return { kind: 'not_finite' };
    }
  }
  return undefined;
};

/** The keys down to the first infinite number, looked for no deeper than the walk looks. */
const pathToInfinite = (value: unknown, depth = 0): string[] | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : [];
  if (typeof value !== 'object' || value === null || depth >= MAX_BODY_DEPTH) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const rest = pathToInfinite(record[key], depth + 1);
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
  return {
    detail: 'A number in the body is too large to be represented.',
    fault: {
      path: (pathToInfinite(root) ?? []).join('.'),
      message: 'must be a finite number (at most about 1.8e308 in size)',
    },
  };
};
