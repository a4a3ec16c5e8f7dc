import { expect } from 'chai';
import type { Db } from 'mongodb';
import { mongoReadStore } from '../../../adapters/readstore/mongo/mongoReadStore.js';
import { collectionName } from '../../../adapters/readstore/mongo/names.js';
import { MONGO_SKIPPED, freshMongoDatabase } from '../../support/mongoFixture.js';
import { skipSuite } from '../../support/skipSuite.js';
import { readStoreContract } from './readStore.contract.js';

const url = process.env.MONGO_URL;

if (url === undefined || url === '') {
  skipSuite('MongoDB read store contract suite', MONGO_SKIPPED);
} else {
  readStoreContract('MongoDB', async () => {
    const mongo = await freshMongoDatabase(url);
    return { store: mongoReadStore(mongo.client, mongo.db), close: mongo.close };
  });

  describe('MongoDB read store: a projection whose index list changes, on the server', () => {
    const indexesOf = async (db: Db) =>
      (await db.collection(collectionName('orders', 1)).listIndexes().toArray())
        .map(({ name, key }) => ({ name, key }))
        .sort((a, b) => (a.name < b.name ? -1 : 1));

    it('creates the new indexes and drops the ones it made that are no longer wanted', async () => {
      const mongo = await freshMongoDatabase(url);
      try {
        const store = mongoReadStore(mongo.client, mongo.db);
        await store.registerProjection('orders', [{ name: 'orders', indexes: [['status']] }]);
        await store.registerProjection('orders', [
          { name: 'orders', indexes: [['merchant_id'], ['created_at']] },
        ]);
        expect(await indexesOf(mongo.db)).to.deep.equal([
          { name: '_id_', key: { _id: 1 } },
          { name: 'ix-created_at', key: { created_at: 1, _id: 1 } },
          { name: 'ix-merchant_id', key: { merchant_id: 1, _id: 1 } },
        ]);
      } finally {
        await mongo.close();
      }
    });

    it('keeps indexes named by position that are still wanted, and those it did not make', async () => {
      const mongo = await freshMongoDatabase(url);
      try {
        const orders = mongo.db.collection(collectionName('orders', 1));
        await orders.createIndexes([
          { name: 'ix0', key: { status: 1, _id: 1 } },
          { name: 'ix1', key: { merchant_id: 1, _id: 1 } },
          { name: 'by_hand', key: { note: 1 } },
        ]);
        const store = mongoReadStore(mongo.client, mongo.db);
        await store.registerProjection('orders', [
          { name: 'orders', indexes: [['created_at'], ['status']] },
        ]);
        expect(await indexesOf(mongo.db)).to.deep.equal([
          { name: '_id_', key: { _id: 1 } },
          { name: 'by_hand', key: { note: 1 } },
          { name: 'ix-created_at', key: { created_at: 1, _id: 1 } },
          { name: 'ix0', key: { status: 1, _id: 1 } },
        ]);
      } finally {
        await mongo.close();
      }
    });
  });
}
