import { expect } from 'chai';
import { join } from 'node:path';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { position } from '../../../domain/shared/envelope.js';
import { tempDir } from '../../support/tempDir.js';
import { readStoreContract } from './readStore.contract.js';

readStoreContract('sqlite', () => {
  const dir = tempDir();
  const db = openSqlite({ file: join(dir.path, 'sluice.db') });
  return Promise.resolve({
    store: sqliteReadStore(db),
    close: () => {
      db.close();
      dir.remove();
      return Promise.resolve();
    },
  });
});

describe('SQLite read store: tables of an earlier layout', () => {
  it('starts them afresh, so that the projection replays the log into the new layout', async () => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const spec = { name: 'gadgets', indexes: [['merchant_id', 'created_at']] };
    // What an earlier version left: the document alone, indexed through json_extract.
    db.exec(`
      CREATE TABLE projection_state (name TEXT PRIMARY KEY, generation INTEGER NOT NULL,
        checkpoint TEXT, rebuild_generation INTEGER, rebuild_checkpoint TEXT, collections TEXT NOT NULL);
      INSERT INTO projection_state (name, generation, checkpoint, collections)
        VALUES ('gadgets', 1, '42', '["gadgets"]');
      CREATE TABLE rm_gadgets_g1 (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
      INSERT INTO rm_gadgets_g1 VALUES ('g_1', '{"id":"g_1","merchant_id":"mer_a"}');
    `);
    const store = sqliteReadStore(db);
    const state = await store.registerProjection('gadgets', [spec]);
    expect(state.checkpoint).to.equal(undefined);
    expect(await store.get('gadgets', 'g_1')).to.equal(undefined);
    await store.apply(
      'gadgets',
      { kind: 'live' },
      [
        {
          op: 'put',
          collection: 'gadgets',
          doc: { id: 'g_2', merchant_id: 'mer_a', created_at: 'x' },
        },
      ],
      position(1),
    );
    const page = await store.find('gadgets', {
      where: { merchant_id: 'mer_a' },
      orderBy: { field: 'created_at', direction: 'asc' },
      limit: 10,
    });
    expect(page.docs.map((d) => d.id)).to.deep.equal(['g_2']);
    // Registered again, the new layout stays as it is.
    expect((await sqliteReadStore(db).registerProjection('gadgets', [spec])).checkpoint).to.equal(
      position(1),
    );
    db.close();
    dir.remove();
  });
});

describe('SQLite read store: a rebuild’s old tables', () => {
  it('give their pages back to the file system once the new ones are swapped in', async () => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    try {
      const store = sqliteReadStore(db);
      await store.registerProjection('gadgets', [{ name: 'gadgets', indexes: [] }]);
      const filler = 'x'.repeat(2000);
      const puts = (from: number) =>
        Array.from({ length: 500 }, (_, i) => ({
          op: 'put' as const,
          collection: 'gadgets',
          doc: { id: `g_${from + i}`, filler },
        }));
      await store.apply('gadgets', { kind: 'live' }, puts(0), position(1));
      const pages = () => db.pragma('page_count', { simple: true }) as number;
      const free = () => db.pragma('freelist_count', { simple: true }) as number;
      const before = pages();
      for (const round of [1, 2]) {
        const generation = await store.beginRebuild('gadgets');
        await store.apply('gadgets', { kind: 'rebuild', generation }, puts(0), position(1 + round));
        await store.completeRebuild('gadgets', generation);
        // The old tables' pages are not kept free in the file: it stays the size of one copy.
        expect(free(), `round ${round}`).to.equal(0);
        expect(pages(), `round ${round}`).to.be.below(before * 1.5);
      }
      const abandoned = await store.beginRebuild('gadgets');
      await store.apply(
        'gadgets',
        { kind: 'rebuild', generation: abandoned },
        puts(0),
        position(9),
      );
      await store.abandonRebuild('gadgets', abandoned);
      expect(free()).to.equal(0);
      expect((await store.get('gadgets', 'g_499'))?.filler).to.equal(filler);
    } finally {
      db.close();
      dir.remove();
    }
  });
});
