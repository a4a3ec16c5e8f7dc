import { expect } from 'chai';
import type { Db } from 'mongodb';
import { mongoIdempotencyStore } from '../../../adapters/idempotency/mongo/mongoIdempotencyStore.js';
import { MONGO_SKIPPED, freshMongoDatabase } from '../../support/mongoFixture.js';
import { skipSuite } from '../../support/skipSuite.js';
import { idempotencyStoreContract } from './idempotencyStore.contract.js';

const url = process.env.MONGO_URL;
const COLLECTION = 'idempotency_keys';
/**
 * The contract reserves keys at fixed dates long past: the server must not expire them while a test
 * runs (its TTL monitor wakes every minute).
 */
const FIFTY_YEARS_MS = 50 * 365 * 24 * 3600_000;

if (url === undefined || url === '') {
  skipSuite('MongoDB idempotency store contract suite', MONGO_SKIPPED);
} else {
  idempotencyStoreContract('MongoDB', async () => {
    const mongo = await freshMongoDatabase(url);
    return {
      store: mongoIdempotencyStore(mongo.db, { keepKeysMs: FIFTY_YEARS_MS }),
      close: mongo.close,
    };
  });

  describe('MongoDB idempotency keys: the TTL index, on the server', () => {
    const now = new Date();
    const ttlIndexes = async (db: Db) =>
      (await db.collection(COLLECTION).listIndexes().toArray())
        .filter((index) => index.key.reserved_at !== undefined)
        .map(({ name, expireAfterSeconds }) => ({ name, expireAfterSeconds }));

    it('expires keys a day after their reservation, under a name of its own', async () => {
      const mongo = await freshMongoDatabase(url);
      try {
        await mongoIdempotencyStore(mongo.db).reserve('key_1', 'k', 'fp', now);
        expect(await ttlIndexes(mongo.db)).to.deep.equal([
          { name: 'reserved_at_ttl', expireAfterSeconds: 86_400 },
        ]);
      } finally {
        await mongo.close();
      }
    });

    it('takes the place of the plain index earlier versions made', async () => {
      const mongo = await freshMongoDatabase(url);
      try {
        await mongo.db.collection(COLLECTION).createIndex({ reserved_at: 1 });
        await mongoIdempotencyStore(mongo.db).reserve('key_1', 'k', 'fp', now);
        expect(await ttlIndexes(mongo.db)).to.deep.equal([
          { name: 'reserved_at_ttl', expireAfterSeconds: 86_400 },
        ]);
      } finally {
        await mongo.close();
      }
    });

    it("starts beside an operator's equivalent index, and retimes its own", async () => {
      const mongo = await freshMongoDatabase(url);
      try {
        const keys = mongo.db.collection(COLLECTION);
        await keys.createIndex({ reserved_at: 1 }, { name: 'by_hand', expireAfterSeconds: 86_400 });
        await mongoIdempotencyStore(mongo.db).reserve('key_1', 'k', 'fp', now);
        expect(await ttlIndexes(mongo.db)).to.deep.equal([
          { name: 'by_hand', expireAfterSeconds: 86_400 },
        ]);
        await keys.dropIndex('by_hand');
        await mongoIdempotencyStore(mongo.db, { keepKeysMs: 3600_000 }).reserve('a', 'k', 'f', now);
        await mongoIdempotencyStore(mongo.db).reserve('b', 'k', 'f', now);
        expect(await ttlIndexes(mongo.db)).to.deep.equal([
          { name: 'reserved_at_ttl', expireAfterSeconds: 86_400 },
        ]);
      } finally {
        await mongo.close();
      }
    });
  });
}
