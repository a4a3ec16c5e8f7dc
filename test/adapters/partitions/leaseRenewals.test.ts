import { expect } from 'chai';
import { openPostgres } from '../../../adapters/postgres/database.js';
import { postgresPartitions } from '../../../adapters/partitions/postgres/postgresPartitions.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';

const LEASE_MS = 900;

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('lease renewals beside busy work', NO_POSTGRES);
} else {
  describe('lease renewals beside busy work', function () {
    this.timeout(20_000);

    it('keeps a member’s partitions while every connection of its work pool is busy for longer than the lease', async () => {
      const db = await freshSchema();
      const renewals = await openPostgres({ url: postgresUrl!, schema: db.schema, max: 2 });
      const partitions = await postgresPartitions(db, { leaseMs: LEASE_MS, renewals });
      const hold = await partitions.join('workers', { partitions: 4 });
      try {
        expect(hold.holds('endpoint-1')).to.equal(true);
        // Every connection of the work pool, and a queue behind them, busy for three leases.
        const busy = Array.from({ length: 12 }, () =>
          db.pool.query(`SELECT pg_sleep(${(3 * LEASE_MS) / 1000})`),
        );
        const lapses: number[] = [];
        const watching = setInterval(() => {
          if (!hold.holds('endpoint-1')) lapses.push(performance.now());
        }, 50);
        await Promise.all(busy);
        clearInterval(watching);
        expect(lapses, 'moments the member held nothing').to.deep.equal([]);
      } finally {
        await hold.leave();
        await renewals.close();
        await db.drop();
      }
    });
  });
}
