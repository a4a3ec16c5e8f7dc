import { postgresIdempotencyStore } from '../../../adapters/idempotency/postgres/postgresIdempotencyStore.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { idempotencyStoreContract } from './idempotencyStore.contract.js';

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL idempotency keys', NO_POSTGRES);
} else {
  idempotencyStoreContract('PostgreSQL', async () => {
    const db = await freshSchema();
    return { store: await postgresIdempotencyStore(db), close: db.drop };
  });
}
