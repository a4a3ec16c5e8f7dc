import { expect } from 'chai';
import { sessionLockHold } from '../../../adapters/partitions/postgres/sessionLockHold.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';

const until = async (done: () => boolean, timeoutMs: number) => {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
};

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('a role held through a session lock', NO_POSTGRES);
} else {
  describe('a role held through a session lock on PostgreSQL', function () {
    this.timeout(20_000);

    it('is held by one at a time, and taken over within a second of its holder’s connection dying', async () => {
      const db = await freshSchema();
      const first = await sessionLockHold(db, 'projector');
      const second = await sessionLockHold(db, 'projector');
      try {
        expect(first.holds('projector')).to.equal(true);
        expect(second.holds('projector')).to.equal(false);
        // The holder's connection ends as when its process is killed.
        const holders = await db.pool.query<{ pid: number }>(
          `SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted`,
        );
        expect(holders.rows).to.have.length(1);
        await db.pool.query('SELECT pg_terminate_backend($1)', [holders.rows[0]!.pid]);
        const tookMs = await until(() => second.holds('projector'), 3_000);
        expect(tookMs).to.be.below(1_500);
        await until(() => !first.holds('projector'), 1_000);
      } finally {
        await first.leave();
        await second.leave();
        await db.drop();
      }
    });

    it('hands the role on at once when its holder leaves', async () => {
      const db = await freshSchema();
      const first = await sessionLockHold(db, 'relay');
      const second = await sessionLockHold(db, 'relay');
      let told = false;
      second.onChange(() => (told = true));
      try {
        await first.leave();
        await until(() => second.holds('relay'), 1_500);
        expect(told).to.equal(true);
      } finally {
        await second.leave();
        await db.drop();
      }
    });
  });
}
