import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { postgresEventStore } from '../../../adapters/eventstore/postgres/postgresEventStore.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import type { PostgresDatabase } from '../../../adapters/postgres/database.js';
import { newEvent } from '../../support/events.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { eventStoreContract } from './eventStore.contract.js';

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL event store', NO_POSTGRES);
} else {
  eventStoreContract('PostgreSQL', async () => {
    const db = await freshSchema();
    const store = await postgresEventStore(db);
    return {
      store,
      close: async () => {
        await store.close();
        await db.drop();
      },
    };
  });

  describe('PostgreSQL event store: the order of commits', () => {
    let db: Awaited<ReturnType<typeof freshSchema>>;
    let store: EventStore;
    beforeEach(async () => {
      db = await freshSchema();
      store = await postgresEventStore(db);
    });
    afterEach(async () => {
      await store.close();
      await db.drop();
    });

    const appendOne = async (stream: string, type = 'test.happened') => {
      const result = await store.append(stream, [newEvent(type)], 'any');
      if (isLeft(result)) throw new Error('append refused');
      return result.right.events[0]!;
    };

    /**
     * Another writer in the middle of an append: it holds the append lock, as an append does until
     * its commit, and has written one event to `stream`, not yet committed.
     */
    const writingUnderTheLock = async (stream: string) => {
      const writer = await db.pool.connect();
      await writer.query('BEGIN');
      await writer.query(`SELECT pg_advisory_xact_lock(hashtext('${db.schema}.events'))`);
      await writer.query(
        `INSERT INTO events (position, id, stream, revision, type, data, metadata, merchant_id, recorded_at)
         VALUES ((SELECT max(position) + 1 FROM events), $1, $1, 0, 'test.held', '{}', '{}', NULL, 'x')`,
        [stream],
      );
      return writer;
    };

    /** Everything a subscription from the start hands over, until `count` events. */
    const follow = (count: number) => {
      const seen: RecordedEvent[] = [];
      let done: () => void;
      const all = new Promise<void>((resolve) => (done = resolve));
      const subscription = store.subscribe({}, (events) => {
        seen.push(...events);
        if (seen.length >= count) done();
        return Promise.resolve();
      });
      return { seen, all, subscription };
    };

    it('never lets a later append commit ahead of one still open: a subscription skips nothing', async () => {
      await appendOne('s-first');
      const subscribed = follow(3);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const slow = await writingUnderTheLock('s-late');
      // This append waits for the lock: it cannot take a position and commit first.
      const later = appendOne('s-later');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(subscribed.seen.map((event) => event.stream)).to.deep.equal(['s-first']);
      await slow.query('COMMIT');
      slow.release();
      const laterEvent = await later;
      await subscribed.all;
      await subscribed.subscription.stop();
      expect(subscribed.seen.map((event) => event.stream)).to.deep.equal([
        's-first',
        's-late',
        's-later',
      ]);
      expect(Number(laterEvent.position)).to.equal(Number(subscribed.seen[1]!.position) + 1);
    });

    it('goes on past an append that rolled back', async () => {
      await appendOne('s-before');
      const subscribed = follow(2);
      const undone = await writingUnderTheLock('s-undone');
      const after = appendOne('s-after');
      await undone.query('ROLLBACK');
      undone.release();
      await after;
      await subscribed.all;
      await subscribed.subscription.stop();
      expect(subscribed.seen.map((event) => event.stream)).to.deep.equal(['s-before', 's-after']);
    });

    it('says how far a filtered read scanned when nothing matched', async () => {
      for (let i = 0; i < 5; i++) await appendOne(`s-${i}`, 'other.kind');
      const head = await store.headPosition();
      const page = await store.readAll({ filter: { typePrefixes: ['wanted.'] }, limit: 10 });
      expect(page).to.deep.equal({ events: [], scannedTo: head, atEnd: true });
    });

    it('hears the appends of another process, told by notification', async () => {
      const other = await postgresEventStore(db);
      try {
        const seen: string[] = [];
        const subscription = store.subscribe({}, (events) => {
          seen.push(...events.map((event) => event.stream));
          return Promise.resolve();
        });
        const started = performance.now();
        const result = await other.append('s-elsewhere', [newEvent('test.happened')], 'any');
        if (isLeft(result)) throw new Error('append refused');
        await subscription.reached(result.right.position);
        // Well inside the poll's second: the notification woke it.
        expect(performance.now() - started).to.be.below(900);
        await subscription.stop();
        expect(seen).to.deep.equal(['s-elsewhere']);
      } finally {
        await other.close();
      }
    });
  });

  describe('PostgreSQL event store: its LISTEN connection', function () {
    this.timeout(20_000);

    /** The backends listening on the store's channel (only this test's own connections). */
    const listeners = async (db: PostgresDatabase) =>
      (
        await db.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`,
          [`LISTEN ${db.schema}_events`],
        )
      ).rows.map((row) => row.pid);

    it('listens outside the pool, and listens again after the server ended its connection', async () => {
      const db = await freshSchema();
      const store = await postgresEventStore(db);
      const other = await postgresEventStore(db);
      try {
        const [first] = await listeners(db);
        expect(first, 'a LISTEN connection').to.be.a('number');
        expect(db.pool.totalCount, 'the pool holds no listening connection').to.be.at.most(
          db.pool.idleCount,
        );
        // As an operator's pg_terminate_backend, or a restart, would end it.
        await db.pool.query('SELECT pg_terminate_backend($1)', [first]);
        let again: number[] = [];
        for (let i = 0; i < 100; i++) {
          again = (await listeners(db)).filter((pid) => pid !== first);
          if (again.length >= 1) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // The process listens on one connection, whatever listens in it: both stores here.
        expect(again, 'one connection listens again, for both stores').to.have.length(1);

        const seen: RecordedEvent[] = [];
        const subscription = store.subscribe({}, (events) => {
          seen.push(...events);
          return Promise.resolve();
        });
        const appended = await other.append('s-1', [newEvent('test.after_reconnect')], 'any');
        if (isLeft(appended)) throw new Error('append refused');
        for (let i = 0; i < 100 && seen.length === 0; i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(seen.map((e) => e.type)).to.deep.equal(['test.after_reconnect']);
        await subscription.stop();
      } finally {
        await other.close();
        await store.close();
        await db.drop();
      }
    });
  });
}
