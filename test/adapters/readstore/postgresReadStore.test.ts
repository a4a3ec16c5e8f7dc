import { postgresReadStore } from '../../../adapters/readstore/postgres/postgresReadStore.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { readStoreContract } from './readStore.contract.js';

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL read store', NO_POSTGRES);
} else {
  readStoreContract('PostgreSQL', async () => {
    const db = await freshSchema();
    return { store: await postgresReadStore(db), close: db.drop };
  });
}
