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

describe('SQLite event store: two writers on one file', () => {
  it('checks each append against the file, not against what one writer last wrote', async () => {
    const dir = tempDir();
    const file = join(dir.path, 'sluice.db');
    const [dbA, dbB] = [openSqlite({ file }), openSqlite({ file })];
    const [a, b] = [sqliteEventStore(dbA), sqliteEventStore(dbB)];
    try {
      const ok = async (result: Promise<unknown>) =>
        expect(isLeft((await result) as never)).to.equal(false);
      await ok(a.append('s-1', [newEvent('x.one')], 'no_stream'));
      // Another process moves the stream on behind a's back.
      await ok(b.append('s-1', [newEvent('x.two')], 0));
      const stale = await a.append('s-1', [newEvent('x.stale')], 0);
      expect(isLeft(stale) && stale.left).to.deep.include({ actual: 1, expected: 0 });
      const twice = await a.append('s-1', [newEvent('x.again')], 'no_stream');
      expect(isLeft(twice) && twice.left).to.deep.include({ actual: 1 });
      // A stream a has not written: ahead of it, the expectation fails without writing a gap.
      await ok(b.append('s-2', [newEvent('y.one')], 'no_stream'));
      const ahead = await a.append('s-2', [newEvent('y.ahead')], 3);
      expect(isLeft(ahead) && ahead.left).to.deep.include({ actual: 0 });
      await ok(a.append('s-1', [newEvent('x.three'), newEvent('x.four')], 1));
      expect((await b.readStream('s-1')).map((e) => e.type)).to.deep.equal([
        'x.one',
        'x.two',
        'x.three',
        'x.four',
      ]);
      expect((await b.readStream('s-2')).map((e) => e.type)).to.deep.equal(['y.one']);
    } finally {
      await Promise.all([a.close(), b.close()]);
      dbA.close();
      dbB.close();
      dir.remove();
    }
  });
});
