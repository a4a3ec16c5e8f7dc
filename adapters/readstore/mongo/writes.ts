import type { AnyBulkWriteOperation, Document } from 'mongodb';
import type { Change } from '../../../projections/projection.js';

/** A read-model document as stored: its id is MongoDB's `_id` too. */
export type Row = Document & { _id: string };

/**
 * One change as MongoDB writes, in order. A patch with `setOnInsert` first creates the document
 * from it when missing, then sets and increments: MongoDB refuses one update that both
 * `$setOnInsert`s and `$inc`s the same field (a counter seeded at 0, say), and two writes give the
 * embedded store's order exactly: seed, then set, then increment.
 */
export const writesOf = (change: Change): AnyBulkWriteOperation<Row>[] => {
  switch (change.op) {
    case 'put':
      return [
        {
          replaceOne: {
            filter: { _id: change.doc.id },
            replacement: { _id: change.doc.id, ...change.doc },
            upsert: true,
          },
        },
      ];
    case 'delete':
      return [{ deleteOne: { filter: { _id: change.id } } }];
    case 'patch': {
      const writes: AnyBulkWriteOperation<Row>[] = [];
      if (change.setOnInsert) {
        writes.push({
          updateOne: {
            filter: { _id: change.id },
            update: { $setOnInsert: { ...change.setOnInsert, id: change.id } },
            upsert: true,
          },
        });
      }
      const update: Document = {};
      if (change.set && Object.keys(change.set).length > 0) update.$set = change.set;
      if (change.inc && Object.keys(change.inc).length > 0) update.$inc = change.inc;
      // Without `setOnInsert` a missing document stays missing: no upsert.
      if (Object.keys(update).length > 0)
        writes.push({ updateOne: { filter: { _id: change.id }, update } });
      return writes;
    }
  }
};
