import type { Collection, Db, MongoClient } from 'mongodb';
import { MongoServerError } from 'mongodb';
import { onceSucceeded } from '../../mongo/once.js';
import type { LiveKeysBefore, PayloadKeyStore, StoredDataKey } from '../port.js';

type KeyDoc = StoredDataKey & { _id: string };
type RetiredDoc = { _id: 'retired'; wrapped: string[] };

const DUPLICATE_KEY = 11000;
const LIVE = { wrapped: { $type: 'string' } } as const;

const stored = ({ _id, ...key }: KeyDoc): StoredDataKey => ({ ...key, id: _id });

/** The live keys of the periods before `period`, counted per merchant and then in all. */
const liveKeysBefore = async (
  keys: Collection<KeyDoc>,
  period: string,
): Promise<LiveKeysBefore> => {
  const [counted] = await keys
    .aggregate<LiveKeysBefore>([
      { $match: { period: { $lt: period }, ...LIVE } },
      { $group: { _id: '$merchant_id', keys: { $sum: 1 }, oldest: { $min: '$period' } } },
      {
        $group: {
          _id: null,
          keys: { $sum: '$keys' },
          merchants: { $sum: 1 },
          oldest_period: { $min: '$oldest' },
        },
      },
    ])
    .toArray();
  return {
    keys: counted?.keys ?? 0,
    merchants: counted?.merchants ?? 0,
    oldest_period: counted?.oldest_period ?? null,
  };
};

/**
 * Data keys in one collection on the design card's MongoDB, unique per merchant and period among
 * the live ones (a partial index), so that of two processes making the period's key at once, one
 * insert wins and both use it. A rotation runs in a transaction (MongoDB runs as a replica set).
 */
export const mongoPayloadKeys = (
  client: MongoClient,
  db: Db,
  options: { collection?: string } = {},
): PayloadKeyStore => {
  const name = options.collection ?? 'data_keys';
  const keys = db.collection<KeyDoc>(name);
  const retired = db.collection<RetiredDoc>(`${name}_retired`);
  const prepared = onceSucceeded(() =>
    Promise.all([
      keys.createIndex(
        { merchant_id: 1, period: 1 },
        { unique: true, partialFilterExpression: LIVE, name: 'live_per_period' },
      ),
      keys.createIndex({ period: 1 }, { partialFilterExpression: LIVE, name: 'live_by_period' }),
    ]),
  );
  const destroy = async (
    filter: Record<string, unknown>,
    at: string,
    because: 'erased' | 'expired',
  ) => {
    await prepared();
    const result = await keys.updateMany(
      { ...filter, ...LIVE },
      { $set: { wrapped: null, destroyed_at: at, destroyed_because: because } },
    );
    return result.modifiedCount;
  };
  return {
    current: async (merchantId, period, candidate) => {
      await prepared();
      try {
        await keys.insertOne({
          _id: candidate.id,
          id: candidate.id,
          merchant_id: merchantId,
          period,
          wrapped: candidate.wrapped,
          created_at: candidate.created_at,
          destroyed_at: null,
          destroyed_because: null,
        });
      } catch (error) {
        if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
      }
      const found = await keys.findOne({ merchant_id: merchantId, period, ...LIVE });
      if (!found) throw new Error(`The data key of ${merchantId} was destroyed just now.`);
      return stored(found);
    },
    find: async (id) => {
      const found = await keys.findOne({ _id: id });
      return found ? stored(found) : undefined;
    },
    destroyMerchant: (merchantId, at) => destroy({ merchant_id: merchantId }, at, 'erased'),
    destroyBefore: (period, at) => destroy({ period: { $lt: period } }, at, 'expired'),
    liveBefore: async (period) => {
      await prepared();
      return liveKeysBefore(keys, period);
    },
    retiredKeys: async () => (await retired.findOne({ _id: 'retired' }))?.wrapped ?? [],
    rotate: async (rewrap, wrapped) => {
      const session = client.startSession();
      try {
        return await session.withTransaction(async () => {
          const live = await keys.find(LIVE, { session }).toArray();
          for (const key of live) {
            const next = rewrap(stored(key) as StoredDataKey & { wrapped: string });
            await keys.updateOne({ _id: key._id }, { $set: { wrapped: next } }, { session });
          }
          await retired.replaceOne(
            { _id: 'retired' },
            { wrapped: [...wrapped] },
            { upsert: true, session },
          );
          return live.length;
        });
      } finally {
        await session.endSession();
      }
    },
    close: () => Promise.resolve(),
  };
};
