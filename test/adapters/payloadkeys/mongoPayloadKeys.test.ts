import { mongoPayloadKeys } from '../../../adapters/payloadkeys/mongo/mongoPayloadKeys.js';
import { MONGO_SKIPPED, freshMongoDatabase } from '../../support/mongoFixture.js';
import { skipSuite } from '../../support/skipSuite.js';
import { payloadKeyStoreContract } from './payloadKeyStore.contract.js';

const url = process.env.MONGO_URL;

if (url === undefined || url === '') {
  skipSuite('MongoDB payload keys contract suite', MONGO_SKIPPED);
} else {
  payloadKeyStoreContract('MongoDB', async () => {
    const mongo = await freshMongoDatabase(url);
    const store = mongoPayloadKeys(mongo.client, mongo.db);
    return {
      store,
      close: async () => {
        await store.close();
        await mongo.close();
      },
    };
  });
}
