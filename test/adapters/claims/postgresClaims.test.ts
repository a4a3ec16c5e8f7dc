import { postgresClaims } from '../../../adapters/claims/postgres/postgresClaims.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { claimsContract } from './claims.contract.js';

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL claims', NO_POSTGRES);
} else {
  claimsContract('PostgreSQL', async () => {
    const db = await freshSchema();
    return {
      claims: await postgresClaims(db),
      // Leases run on the server's clock: time passes for them when every lease moves back.
      advance: async (ms) => {
        await db.pool.query(`UPDATE claims SET until = until - $1 * interval '1 millisecond'`, [
          ms,
        ]);
      },
      close: db.drop,
    };
  });
}
