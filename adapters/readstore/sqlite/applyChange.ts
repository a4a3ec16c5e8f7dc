import type { Change, Doc } from '../../../projections/projection.js';

export type DocTable = {
  read: (id: string) => Doc | undefined;
  /** `fresh`: the document cannot be in the table yet (see Change). */
  write: (doc: Doc, fresh?: boolean) => void;
  remove: (id: string) => void;
};

/** One change against one table, inside the caller's transaction. */
export const applyChange = (table: DocTable, change: Change): void => {
  switch (change.op) {
    case 'put':
      table.write(change.doc, change.fresh);
      return;
    case 'delete':
      table.remove(change.id);
      return;
    case 'patch': {
      const existing = table.read(change.id);
      if (!existing && !change.setOnInsert) return;
      const doc: Doc = existing ?? { ...change.setOnInsert, id: change.id };
      Object.assign(doc, change.set);
      for (const [name, by] of Object.entries(change.inc ?? {})) {
        const current = doc[name];
        doc[name] = (typeof current === 'number' ? current : 0) + by;
      }
      table.write(doc);
      return;
    }
  }
};
