import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { join } from 'node:path';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { newEvent } from '../../support/events.js';
import { tempDir } from '../../support/tempDir.js';
import { eventStoreContract } from './eventStore.contract.js';

eventStoreContract('sqlite', () => {
  const dir = tempDir();
  const db = openSqlite({ file: join(dir.path, 'sluice.db') });
  const store = sqliteEventStore(db);
  return Promise.resolve({
    store,
    close: async () => {
      await store.close();
      db.close();
      dir.remove();
    },
  });
});

describe('SQLite event store: listeners inside the append', () => {
  it('tells them of each append before it commits, and a listener that throws undoes it', async () => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const store = sqliteEventStore(db);
    const heard: Array<{ types: string[]; before: string | undefined; inTransaction: boolean }> =
      [];
    let refuse = false;
    store.inTransaction!((events, before) => {
      heard.push({ types: events.map((e) => e.type), before, inTransaction: db.inTransaction });
      if (refuse) throw new Error('refused');
    });
    try {
      const first = await store.append('s-1', [newEvent('a.one'), newEvent('a.two')], 'no_stream');
      if (isLeft(first)) throw new Error('append refused');
      refuse = true;
      let failure: unknown;
      await store.append('s-2', [newEvent('b.one')], 'no_stream').catch((e: unknown) => {
        failure = e;
      });
      expect(failure).to.be.instanceOf(Error);
      expect(heard).to.deep.equal([
        { types: ['a.one', 'a.two'], before: undefined, inTransaction: true },
        { types: ['b.one'], before: first.right.position, inTransaction: true },
      ]);
      expect(await store.readStream('s-2')).to.deep.equal([]);
      expect(await store.headPosition()).to.equal(first.right.position);
    } finally {
      await store.close();
      db.close();
      dir.remove();
    }
  });
});
