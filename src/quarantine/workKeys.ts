import { createHash } from 'node:crypto';

/** What in-process work is named by in the stall watch: its kind and the hash of its text. */
export type WorkKind = 'expression' | 'schema';

const known = new Map<string, string>();
const MAX_KNOWN = 10_000;

/**
 * The key of an expression or a schema (as JSON): the same text always gives the same key, in any
 * process, so that work named by a process that died is known to the next.
 */
export const workKey = (kind: WorkKind, text: string): string => {
  const cached = known.get(text);
  if (cached !== undefined) return cached;
  const key = `${kind}:${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(text, key);
  return key;
};
