import { postgresPayloadKeys } from '../../../adapters/payloadkeys/postgres/postgresPayloadKeys.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { payloadKeyStoreContract } from './payloadKeyStore.contract.js';

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL payload keys', NO_POSTGRES);
} else {
  payloadKeyStoreContract('PostgreSQL', async () => {
    const db = await freshSchema();
    const store = await postgresPayloadKeys(db);
    return {
      store,
      close: async () => {
        await store.close();
        await db.drop();
      },
    };
  });
}
