import type { PostgresDatabase } from '../../postgres/database.js';
import type { Claims } from '../port.js';

const CLAIMS = `
  CREATE TABLE claims (
    key   text COLLATE "C" PRIMARY KEY,
    owner text NOT NULL,
    until timestamptz NOT NULL
  );
  CREATE INDEX claims_until ON claims (until);
`;

/** Expired claims are removed this long after their lease ended, now and then. */
const KEEP_EXPIRED = '1 hour';
const SWEEP_EVERY = 1000;

/**
 * Claims shared by every worker, one row per key. Leases are measured on the server's clock
 * (`now()`), so that hosts whose clocks disagree still agree on who holds a key. A claim inserts,
 * or takes over a row whose lease ended or that its owner holds; a row held by another is left
 * alone and the claim answers false.
 */
export const postgresClaims = async (db: PostgresDatabase): Promise<Claims> => {
  await db.migrate('001_claims', CLAIMS);
  let claimsMade = 0;
  return {
    claim: async (key, owner, leaseMs) => {
      const result = await db.pool.query(
        `INSERT INTO claims (key, owner, until) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner, until = EXCLUDED.until
         WHERE claims.until <= now() OR claims.owner = EXCLUDED.owner`,
        [key, owner, leaseMs],
      );
      if (++claimsMade % SWEEP_EVERY === 0) {
        await db.pool.query(`DELETE FROM claims WHERE until < now() - interval '${KEEP_EXPIRED}'`);
      }
      return result.rowCount === 1;
    },
    release: async (key, owner) => {
      await db.pool.query('DELETE FROM claims WHERE key = $1 AND owner = $2', [key, owner]);
    },
    close: () => Promise.resolve(),
  };
};
