import type { Change, Doc } from '../../../projections/projection.js';

/** A document as the batch leaves it: written, deleted, or untouched since it was read. */
export type Outcome = { doc: Doc | null; written: boolean; existed: boolean | undefined };

export const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/** The ids of the documents the batch's patches need to read, by collection. */
export const patchedIds = (changes: readonly Change[]): Map<string, Set<string>> => {
  const wanted = new Map<string, Set<string>>();
  const settled = new Set<string>();
  for (const change of changes) {
    const id = change.op === 'put' ? change.doc.id : change.id;
    const key = keyOf(change.collection, id);
    if (change.op === 'patch' && !settled.has(key)) {
      const ids = wanted.get(change.collection) ?? new Set();
      ids.add(id);
      wanted.set(change.collection, ids);
    }
    // A put or delete before a patch decides what the patch sees: no read needed.
    settled.add(key);
  }
  return wanted;
};

/** The batch folded over what it read: each document's last state. */
export const fold = (changes: readonly Change[], read: Map<string, Doc>) => {
  const outcomes = new Map<string, Outcome & { collection: string; id: string }>();
  for (const change of changes) {
    const id = change.op === 'put' ? change.doc.id : change.id;
    const key = keyOf(change.collection, id);
    const before = outcomes.get(key);
    const existed = before
      ? before.existed
      : change.op === 'put' && change.fresh
        ? false
        : undefined;
    const current = before ? before.doc : (read.get(key) ?? null);
    if (change.op === 'put') {
      outcomes.set(key, {
        collection: change.collection,
        id,
        doc: { ...change.doc },
        written: true,
        existed,
      });
    } else if (change.op === 'delete') {
      outcomes.set(key, { collection: change.collection, id, doc: null, written: true, existed });
    } else {
      if (!current && !change.setOnInsert) continue;
      const doc: Doc = current ? { ...current } : { ...change.setOnInsert, id };
      Object.assign(doc, change.set);
      for (const [name, by] of Object.entries(change.inc ?? {})) {
        const value = doc[name];
        doc[name] = (typeof value === 'number' ? value : 0) + by;
      }
      outcomes.set(key, { collection: change.collection, id, doc, written: true, existed });
    }
  }
  return [...outcomes.values()].filter((outcome) => outcome.written);
};
