import { expect } from 'chai';
import type { Position } from '../../../domain/shared/envelope.js';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { StaleBatchError } from '../../../adapters/readstore/port.js';
import { postgresReadStore } from '../../../adapters/readstore/postgres/postgresReadStore.js';
import type { Change } from '../../../projections/projection.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';

const at = (n: number) => String(n) as Position;
const put = (collection: string, id: string): Change => ({
  op: 'put',
  collection,
  doc: { id, n: 1 },
});

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL read store: batches of several projections', NO_POSTGRES);
} else {
  describe('PostgreSQL read store: batches of several projections', () => {
    let db: Awaited<ReturnType<typeof freshSchema>>;
    let store: ReadStore;

    beforeEach(async () => {
      db = await freshSchema();
      store = await postgresReadStore(db);
      for (const name of ['alpha', 'beta', 'gamma'])
        await store.registerProjection(name, [{ name, indexes: [] }]);
    });
    afterEach(() => db.drop());

    /** The transaction each document was written in. */
    const writtenIn = async (collection: string, id: string) =>
      (
        await db.pool.query<{ xmin: string }>(
          `SELECT xmin FROM rm_${collection}_g1 WHERE id = $1`,
          [id],
        )
      ).rows[0]?.xmin;

    const checkpointOf = async (name: string) => (await store.state(name))?.checkpoint;

    it('commits the batches asked for at once in one transaction, each with its checkpoint', async () => {
      const applied = await Promise.all([
        store.apply('alpha', { kind: 'live' }, [put('alpha', 'a')], at(3)),
        store.apply('beta', { kind: 'live' }, [put('beta', 'b')], at(3)),
        store.apply('gamma', { kind: 'live' }, [], at(2)),
      ]);
      expect(applied).to.deep.equal([true, true, true]);
      const transactions = new Set([await writtenIn('alpha', 'a'), await writtenIn('beta', 'b')]);
      expect(transactions.size).to.equal(1);
      expect(await checkpointOf('alpha')).to.equal('3');
      expect(await checkpointOf('beta')).to.equal('3');
      expect(await checkpointOf('gamma')).to.equal('2');
    });

    it('refuses a stale batch of the group and applies the others', async () => {
      await store.apply('alpha', { kind: 'live' }, [], at(5));
      const [stale, beta] = await Promise.allSettled([
        store.apply('alpha', { kind: 'live', follows: at(2) }, [put('alpha', 'late')], at(6)),
        store.apply('beta', { kind: 'live' }, [put('beta', 'b')], at(6)),
      ]);
      expect(stale.status).to.equal('rejected');
      expect((stale as PromiseRejectedResult).reason).to.be.instanceOf(StaleBatchError);
      expect(beta).to.deep.equal({ status: 'fulfilled', value: true });
      expect(await store.get('alpha', 'late')).to.equal(undefined);
      expect(await checkpointOf('alpha')).to.equal('5');
      expect(await store.get('beta', 'b')).to.deep.equal({ id: 'b', n: 1 });
    });

    it('ignores a batch the projection has passed, and applies the others', async () => {
      await store.apply('alpha', { kind: 'live' }, [put('alpha', 'a')], at(5));
      const applied = await Promise.all([
        store.apply('alpha', { kind: 'live' }, [put('alpha', 'again')], at(4)),
        store.apply('beta', { kind: 'live' }, [put('beta', 'b')], at(5)),
      ]);
      expect(applied).to.deep.equal([false, true]);
      expect(await store.get('alpha', 'again')).to.equal(undefined);
    });

    it('keeps one projection failing apart: the others of its group are applied', async () => {
      const [bad, good] = await Promise.allSettled([
        // A change to a collection the projection does not own fails its batch.
        store.apply('alpha', { kind: 'live' }, [put('alpha', 'a'), put('beta', 'stolen')], at(4)),
        store.apply('beta', { kind: 'live' }, [put('beta', 'b')], at(4)),
      ]);
      expect(bad.status).to.equal('rejected');
      expect(String((bad as PromiseRejectedResult).reason)).to.match(/does not own/);
      expect(good).to.deep.equal({ status: 'fulfilled', value: true });
      expect(await store.get('alpha', 'a')).to.equal(undefined);
      expect(await store.get('beta', 'stolen')).to.equal(undefined);
      expect(await checkpointOf('alpha')).to.equal(undefined);
      expect(await checkpointOf('beta')).to.equal('4');
    });

    it('takes a projection’s next batch in the next group, in order', async () => {
      const applied = await Promise.all([
        store.apply('alpha', { kind: 'live' }, [put('alpha', 'one')], at(1)),
        store.apply('alpha', { kind: 'live' }, [put('alpha', 'two')], at(2)),
      ]);
      expect(applied).to.deep.equal([true, true]);
      expect(await checkpointOf('alpha')).to.equal('2');
      expect(await store.get('alpha', 'two')).to.deep.equal({ id: 'two', n: 1 });
    });
  });
}
