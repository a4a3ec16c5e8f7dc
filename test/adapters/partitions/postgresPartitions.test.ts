import { expect } from 'chai';
import { postgresPartitions } from '../../../adapters/partitions/postgres/postgresPartitions.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { partitionsContract, shares, until } from './partitions.contract.js';

const LEASE_MS = 1500;

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL work partitions', NO_POSTGRES);
} else {
  partitionsContract('PostgreSQL (leases on the server’s clock, shares)', async () => {
    const db = await freshSchema();
    return {
      partitions: await postgresPartitions(db, { leaseMs: LEASE_MS }),
      leaseMs: LEASE_MS,
      close: () => db.drop(),
    };
  });

  describe('work partitions: PostgreSQL shares and hand-overs', function () {
    this.timeout(30_000);
    let db: Awaited<ReturnType<typeof freshSchema>>;
    beforeEach(async () => {
      db = await freshSchema();
    });
    afterEach(() => db.drop());

    it('splits the keys between two members, the first giving up its extra share only when it may', async () => {
      const partitions = await postgresPartitions(db, { leaseMs: LEASE_MS });
      let mayGo = false;
      const first = await partitions.join('dispatcher', { mayRelease: () => mayGo });
      expect(shares([first])).to.deep.equal([400]);
      const second = await partitions.join('dispatcher');
      // The first is to give half up, but may not yet: it stops starting their work, and the
      // second does not get them.
      await until(() => shares([first, second])[0]! < 400, LEASE_MS * 3);
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
      const meanwhile = shares([first, second]);
      expect(meanwhile[1]).to.equal(0);
      expect(meanwhile[0]).to.be.above(0);
      mayGo = true;
      await until(() => {
        const [a, b] = shares([first, second]);
        return a! > 0 && b! > 0 && a! + b! === 400;
      }, LEASE_MS * 4);
      await first.leave();
      await second.leave();
    });

    it('takes over what a dead member held once its lease ran out on the server', async () => {
      const partitions = await postgresPartitions(db, { leaseMs: LEASE_MS });
      // A member that died holding every partition: its lease runs for another second.
      await db.pool.query(
        `INSERT INTO feed_members (grp, member, until) VALUES ('work:dispatcher', 'dead', now() + interval '1 second')`,
      );
      await db.pool.query(
        `INSERT INTO feed_partitions (grp, partition, owner, until)
         SELECT 'work:dispatcher', p, 'dead', now() + interval '1 second' FROM generate_series(0, 11) AS p`,
      );
      const heir = await partitions.join('dispatcher');
      expect(shares([heir])).to.deep.equal([0]);
      const started = Date.now();
      await until(() => shares([heir])[0] === 400, LEASE_MS * 4);
      expect(Date.now() - started).to.be.at.least(500);
      await heir.leave();
    });
  });
}
