import { expect } from 'chai';
import type { Position } from '../../../domain/shared/envelope.js';
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

  describe('PostgreSQL read store: a process that does not project', () => {
    it('reads a collection its projector has not registered yet as empty, then as written', async () => {
      const db = await freshSchema();
      try {
        const reader = await postgresReadStore(db);
        expect(await reader.get('things', 'a')).to.equal(undefined);
        const byAt = { orderBy: { field: 'at', direction: 'asc' as const } };
        expect(await reader.find('things', { ...byAt, limit: 10 })).to.deep.equal({
          docs: [],
          nextCursor: null,
        });
        expect(await reader.count('things', byAt)).to.equal(0);
        const heads = await reader.firstOfEach('things', {
          groupBy: 'kind',
          orderBy: 'at',
          limit: 10,
        });
        expect(heads).to.deep.equal([]);

        // The projector process starts, registers and writes.
        const writer = await postgresReadStore(db);
        await writer.registerProjection('things', [{ name: 'things', indexes: [['kind', 'at']] }]);
        await writer.apply(
          'things',
          { kind: 'live' },
          [{ op: 'put', collection: 'things', doc: { id: 'a', kind: 'k', at: 1 } }],
          '1' as Position,
        );
        expect(await reader.get('things', 'a')).to.deep.equal({ id: 'a', kind: 'k', at: 1 });
      } finally {
        await db.drop();
      }
    });
  });
}
