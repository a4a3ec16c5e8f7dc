import type { Collection, Db, Document } from 'mongodb';
import { MongoServerError } from 'mongodb';
import type { Claims } from '../port.js';

type ClaimDoc = { _id: string; owner: string; until: Date };

const DUPLICATE_KEY = 11000;
/** Expired claims are removed by the server this long after their lease ended. */
const KEEP_EXPIRED_S = 3600;

/**
 * One claim as an update pipeline, on the server's clock (`$$NOW`, one instant for the whole
 * update): the claimer takes the key when it is free, expired or its own, and the document is
 * left as it is when another holds it. The condition is in the pipeline rather than the filter
 * because MongoDB refuses `$expr` in the filter of an upsert, and without `$expr` a filter cannot
 * name `$$NOW`. Values are `$literal`s: an owner starting with `$` is not read as a field path.
 */
const claimUpdate = (owner: string, leaseMs: number): Document[] => {
  const taken = {
    $or: [
      // A document the upsert has just made has no lease yet.
      { $lte: [{ $ifNull: ['$until', { $literal: new Date(0) }] }, '$$NOW'] },
      { $eq: ['$owner', { $literal: owner }] },
    ],
  };
  return [
    {
      $set: {
        owner: { $cond: [taken, { $literal: owner }, '$owner'] },
        until: { $cond: [taken, { $add: ['$$NOW', { $literal: leaseMs }] }, '$until'] },
      },
    },
  ];
};

/**
 * Claims shared by every worker of the distributed mode, one document per key. Leases are measured
 * on the server's clock, so that hosts whose clocks disagree still agree on who holds a key. A
 * claim upserts the key's document and reads back its owner. Of claimers racing for a key with no
 * document, the unique `_id` lets one insert: the server either retries the others' upserts as
 * updates, which find the winner's live lease and leave it, or reports the duplicate key, which
 * answers false just the same.
 */
export const mongoClaims = async (
  db: Db,
  options: { collection?: string } = {},
): Promise<Claims> => {
  const claims: Collection<ClaimDoc> = db.collection<ClaimDoc>(
    options.collection ?? 'delivery_claims',
  );
  await claims.createIndex({ until: 1 }, { expireAfterSeconds: KEEP_EXPIRED_S });
  return {
    claim: async (key, owner, leaseMs) => {
      try {
        const held = await claims.findOneAndUpdate({ _id: key }, claimUpdate(owner, leaseMs), {
          upsert: true,
          returnDocument: 'after',
          projection: { owner: 1 },
        });
        return held?.owner === owner;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },
    release: async (key, owner) => {
      await claims.deleteOne({ _id: key, owner });
    },
    close: () => Promise.resolve(),
  };
};
