import { mongoIdempotencyStore } from '../../../adapters/idempotency/mongo/mongoIdempotencyStore.js';
import { MONGO_SKIPPED, freshMongoDatabase } from '../../support/mongoFixture.js';
import { skipSuite } from '../../support/skipSuite.js';
import { idempotencyStoreContract } from './idempotencyStore.contract.js';

const url = process.env.MONGO_URL;

if (url === undefined || url === '') {
  skipSuite('MongoDB idempotency store contract suite', MONGO_SKIPPED);
} else {
  idempotencyStoreContract('MongoDB', async () => {
    const mongo = await freshMongoDatabase(url);
    return { store: mongoIdempotencyStore(mongo.db), close: mongo.close };
  });
}
