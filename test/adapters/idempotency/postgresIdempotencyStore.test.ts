import { expect } from 'chai';
import {
  EXPIRE_BATCH,
  postgresIdempotencyStore,
} from '../../../adapters/idempotency/postgres/postgresIdempotencyStore.js';
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

  describe('PostgreSQL idempotency keys: the expiry', function () {
    this.timeout(30_000);

    it('deletes old keys a batch at a time, each its own statement, and keeps the recent ones', async () => {
      const db = await freshSchema();
      try {
        const store = await postgresIdempotencyStore(db);
        const old = Math.floor(EXPIRE_BATCH * 2.5);
        await db.pool.query(
          `INSERT INTO idempotency_keys (scope, key, fingerprint, created_at)
           SELECT 'mer_a', 'old-' || n, 'f', 1000 FROM generate_series(1, ${old}) AS n
           UNION ALL
           SELECT 'mer_a', 'new-' || n, 'f', 5000 FROM generate_series(1, 10) AS n`,
        );
        const deletes: string[] = [];
        const query = db.pool.query.bind(db.pool);
        db.pool.query = ((text: string, values: unknown[]) => {
          if (/^\s*DELETE/.test(text)) deletes.push(text);
          return query(text, values);
        }) as typeof db.pool.query;
        expect(await store.expire(new Date(2000))).to.equal(old);
        expect(deletes).to.have.length(3);
        const left = await query<{ count: string }>(
          'SELECT count(*) AS count FROM idempotency_keys',
        );
        expect(Number(left.rows[0]!.count)).to.equal(10);
      } finally {
        await db.drop();
      }
    });
  });
}
