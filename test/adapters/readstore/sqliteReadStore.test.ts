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
