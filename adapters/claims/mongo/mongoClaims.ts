import type { Collection, Db } from 'mongodb';
import { MongoServerError } from 'mongodb';
import type { Claims } from '../port.js';

type ClaimDoc = { _id: string; owner: string; until: Date };

const DUPLICATE_KEY = 11000;
/** Expired claims are removed by the server this long after their lease ended. */
const KEEP_EXPIRED_S = 3600;

/**
 * Claims shared by every worker of the distributed mode, one document per key. A claim is an
 * upsert that matches only a free, expired or own claim: when another worker holds the key, the
 * upsert tries to insert a second document of the same `_id` and the server refuses it.
 */
export const mongoClaims = async (
  db: Db,
  options: { collection?: string; now?: () => number } = {},
): Promise<Claims> => {
  const claims: Collection<ClaimDoc> = db.collection<ClaimDoc>(
    options.collection ?? 'delivery_claims',
  );
  const now = options.now ?? Date.now;
  await claims.createIndex({ until: 1 }, { expireAfterSeconds: KEEP_EXPIRED_S });
  return {
    claim: async (key, owner, leaseMs) => {
      const at = now();
      try {
        await claims.updateOne(
          { _id: key, $or: [{ until: { $lte: new Date(at) } }, { owner }] },
          { $set: { owner, until: new Date(at + leaseMs) } },
          { upsert: true },
        );
        return true;
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
