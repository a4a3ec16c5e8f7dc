import type { Doc } from '../../../projections/projection.js';
import type { DocTable } from './applyChange.js';

/**
 * A table seen through the changes of one batch: a document patched several times in a batch (a
 * delivery planned, tried, retried) is read once and written once, when the batch ends, in the
 * same transaction. `null` marks a document the batch deleted.
 */
export const batchedTable = (table: DocTable): DocTable & { flush: () => void } => {
  const pending = new Map<string, Doc | null>();
  /** Documents this batch created, which the table cannot hold yet. */
  const created = new Set<string>();
  return {
    read: (id) => {
      const held = pending.get(id);
      if (held !== undefined) return held ?? undefined;
      return table.read(id);
    },
    write: (doc, fresh) => {
      pending.set(doc.id, doc);
      if (fresh) created.add(doc.id);
    },
    remove: (id) => {
      // Born and gone within the batch (a delivery planned and sent): nothing to write or delete.
      if (created.delete(id)) pending.delete(id);
      else pending.set(id, null);
    },
    flush: () => {
      for (const [id, doc] of pending) {
        if (doc) table.write(doc);
        else table.remove(id);
      }
      pending.clear();
      created.clear();
    },
  };
};
