import { mongoReadStore } from '../../../adapters/readstore/mongo/mongoReadStore.js';
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
}
