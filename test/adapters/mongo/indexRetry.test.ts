import { expect } from 'chai';
import type { Db, MongoClient } from 'mongodb';
import { mongoIdempotencyStore } from '../../../adapters/idempotency/mongo/mongoIdempotencyStore.js';
import { mongoReadStore } from '../../../adapters/readstore/mongo/mongoReadStore.js';

/**
 * Stands for a MongoDB server whose first index creation fails, as in a failover, and whose every
 * later call succeeds. Only the calls these stores make on first use are answered.
 */
const serverFailingOnce = () => {
  const created: unknown[] = [];
  let failed = false;
  const collection = {
    collectionName: 'any',
    createIndex: (key: unknown) => {
      if (!failed) {
        failed = true;
        return Promise.reject(new Error('connection reset'));
      }
      created.push(key);
      return Promise.resolve('created');
    },
    listIndexes: () => ({ toArray: () => Promise.resolve([]) }),
    insertOne: () => Promise.resolve({ acknowledged: true }),
    findOneAndUpdate: () =>
      Promise.resolve({
        _id: 'orders',
        generation: 1,
        checkpoint: null,
        rebuild_generation: null,
        rebuild_checkpoint: null,
        collections: [],
        specs: [],
      }),
  };
  const db = {
    collection: () => collection,
    command: () => Promise.resolve({ ok: 1 }),
  } as unknown as Db;
  return { db, created };
};

const failure = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => expect.fail('the first call should meet the failed index creation'),
    (error: Error) => error.message,
  );

describe('MongoDB stores: an index creation that failed is tried again', () => {
  it('idempotency keys: the call after the failure creates the index and reserves', async () => {
    const server = serverFailingOnce();
    const store = mongoIdempotencyStore(server.db);
    const now = new Date('2026-01-01T00:00:00Z');
    expect(await failure(store.reserve('key_1', 'k', 'fp', now))).to.equal('connection reset');
    expect(await store.reserve('key_1', 'k', 'fp', now)).to.deep.equal({ kind: 'reserved' });
    expect(server.created).to.deep.include({ scope: 1, key: 1 });
  });

  it('read store: the call after the failure creates the index and registers', async () => {
    const server = serverFailingOnce();
    const store = mongoReadStore({} as MongoClient, server.db);
    expect(await failure(store.registerProjection('orders', []))).to.equal('connection reset');
    expect((await store.registerProjection('orders', [])).name).to.equal('orders');
    expect(server.created).to.deep.equal([{ collections: 1 }]);
  });
});
