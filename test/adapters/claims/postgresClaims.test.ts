import { expect } from 'chai';
import { postgresClaims } from '../../../adapters/claims/postgres/postgresClaims.js';
import type { PostgresDatabase } from '../../../adapters/postgres/database.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { watchedQueries } from '../../support/watchedQueries.js';
import { claimsContract } from './claims.contract.js';

/** The database, counting the statements that make claims. */
const countingClaims = (db: PostgresDatabase) => {
  let statements = 0;
  const counted = watchedQueries(db, (sql) => {
    if (sql.includes('INSERT INTO claims')) statements++;
  });
  return { db: counted, statements: () => statements };
};

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

  describe('PostgreSQL claims made at once', () => {
    it('go together in a few statements, each answered as if made alone', async () => {
      const fresh = await freshSchema();
      const { db, statements } = countingClaims(fresh);
      const claims = await postgresClaims(db);
      try {
        expect(await claims.claim('held', 'other', 60_000)).to.equal(true);
        const before = statements();
        const answers = await Promise.all([
          ...Array.from({ length: 40 }, (_, i) => claims.claim(`try-${i}`, `owner-${i}`, 60_000)),
          // Held by another: refused. Two owners of one key: the first only.
          claims.claim('held', 'me', 60_000),
          claims.claim('twice', 'first', 60_000),
          claims.claim('twice', 'second', 60_000),
          // Its owner's own claim again: a renewal.
          claims.claim('try-0', 'owner-0', 60_000),
        ]);
        expect(answers.slice(0, 40).every(Boolean), 'the forty free keys').to.equal(true);
        expect(answers.slice(40)).to.deep.equal([false, true, false, true]);
        expect(statements() - before, 'statements').to.be.at.most(3);
      } finally {
        await claims.close();
        await fresh.drop();
      }
    });
  });
}
