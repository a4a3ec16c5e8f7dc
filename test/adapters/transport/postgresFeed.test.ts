import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { EventStore, SubscriptionTrouble } from '../../../adapters/eventstore/port.js';
import { eventsChannel } from '../../../adapters/eventstore/postgres/schema.js';
import { postgresEventStore } from '../../../adapters/eventstore/postgres/postgresEventStore.js';
import { hashOf } from '../../../adapters/partitions/hash.js';
import { partitionLeases } from '../../../adapters/partitions/postgres/leases.js';
import { postgresFeed } from '../../../adapters/transport/postgres/partitionedFeed.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { eventFeedContract } from './eventFeed.contract.js';

const byStream = (event: RecordedEvent) => event.stream;

const appendTo = async (store: EventStore, stream: string, types: readonly string[]) => {
  const appended = await store.append(
    stream,
    types.map((type) => newEvent(type)),
    'any',
  );
  if (isLeft(appended)) throw new Error('append refused');
};

const until = async (done: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL feed', NO_POSTGRES);
} else {
  eventFeedContract('PostgreSQL (the log, partitions leased)', async () => {
    const db = await freshSchema();
    const store = await postgresEventStore(db);
    return {
      feed: await postgresFeed(db, store, { keyOf: byStream, leaseMs: 1500 }),
      append: (stream, types) => appendTo(store, stream, types),
      group: (name) => name,
      close: async () => {
        await store.close();
        await db.drop();
      },
    };
  });

  describe('PostgreSQL feed: the members of a group', function () {
    this.timeout(60_000);

    it('share the partitions, each event handled once, and take over those a member gives back', async () => {
      const db = await freshSchema();
      const store = await postgresEventStore(db);
      const feed = await postgresFeed(db, store, { keyOf: byStream, leaseMs: 900 });
      const handled: Array<{ member: string; stream: string; type: string }> = [];
      const member = (name: string) =>
        feed.consume('workers', { streamPrefixes: ['job-'] }, (events) => {
          for (const event of events)
            handled.push({ member: name, stream: event.stream, type: event.type });
          return Promise.resolve();
        });
      const first = await member('first');
      const second = await member('second');
      try {
        // Once both have renewed, each holds about half of the partitions.
        await new Promise((resolve) => setTimeout(resolve, 1200));
        for (let i = 0; i < 40; i++) await appendTo(store, `job-${i}`, ['job.created']);
        await until(() => handled.length >= 40);
        expect(new Set(handled.map((h) => h.stream)).size).to.equal(40);
        expect(handled.some((h) => h.member === 'first')).to.equal(true);
        expect(handled.some((h) => h.member === 'second')).to.equal(true);
        // A key stays with one member.
        for (const stream of new Set(handled.map((h) => h.stream)))
          expect(
            new Set(handled.filter((h) => h.stream === stream).map((h) => h.member)).size,
          ).to.equal(1);

        await first.stop();
        for (let i = 0; i < 40; i++) await appendTo(store, `job-${i}`, ['job.done']);
        await until(() => handled.filter((h) => h.type === 'job.done').length >= 40);
        const done = handled.filter((h) => h.type === 'job.done');
        expect(new Set(done.map((h) => h.member))).to.deep.equal(new Set(['second']));
        expect(done).to.have.length(40);
      } finally {
        await second.stop();
        await store.close();
        await db.drop();
      }
    });

    it('takes over the partitions of a member that died, once its lease ran out', async () => {
      const db = await freshSchema();
      const store = await postgresEventStore(db);
      const feed = await postgresFeed(db, store, { keyOf: byStream, leaseMs: 800 });
      // A member that took every partition, then died: it never renews nor gives them back.
      const ghost = partitionLeases(db, 'workers', 'ghost', { partitions: 12, leaseMs: 800 });
      await ghost.create(null);
      expect((await ghost.rebalance()).size).to.equal(12);
      const handled: string[] = [];
      const started = Date.now();
      const survivor = await feed.consume('workers', { streamPrefixes: ['job-'] }, (events) => {
        handled.push(...events.map((event) => event.stream));
        return Promise.resolve();
      });
      try {
        for (let i = 0; i < 12; i++) await appendTo(store, `job-${i}`, ['job.created']);
        await until(() => handled.length >= 12);
        expect(new Set(handled).size).to.equal(12);
        // Not before the dead member's lease ended.
        expect(Date.now() - started).to.be.at.least(700);
      } finally {
        await survivor.stop();
        await store.close();
        await db.drop();
      }
    });

    it('writes its checkpoints at most once a second, whether the batches held its events or not', async () => {
      const db = await freshSchema();
      const store = await postgresEventStore(db);
      const writes: string[] = [];
      const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => Promise<unknown>;
      const counted = {
        ...db,
        pool: new Proxy(db.pool, {
          get: (pool, name, receiver) =>
            name === 'query'
              ? async (...args: unknown[]) => {
                  const answer = await query(...args);
                  // Noted once written, so that the test reads what it has seen written.
                  if (String(args[0]).includes('SET checkpoint'))
                    writes.push(String((args[1] as unknown[])[3]));
                  return answer;
                }
              : (Reflect.get(pool, name, receiver) as unknown),
        }),
      };
      const feed = await postgresFeed(counted, store, { keyOf: byStream, leaseMs: 1500 });
      const handled: string[] = [];
      const consumer = await feed.consume('workers', { typePrefixes: ['job.'] }, (events) => {
        handled.push(...events.map((event) => event.stream));
        return Promise.resolve();
      });
      try {
        await appendTo(store, 'job-0', ['job.created']);
        await until(() => handled.includes('job-0') && writes.length === 1, 5_000);
        // Forty appends of events the group takes and forty it does not, each waking the member.
        for (let i = 1; i <= 40; i++) {
          await appendTo(store, `job-${i}`, ['job.created']);
          await appendTo(store, `other-${i}`, ['other.thing']);
        }
        const head = String(await store.headPosition());
        await until(() => handled.length === 41 && writes.includes(head), 5_000);
        expect(writes.length, `checkpoint writes: ${writes.join(', ')}`).to.be.within(2, 5);
        const rows = await db.pool.query<{ checkpoint: string }>(
          "SELECT DISTINCT checkpoint FROM feed_partitions WHERE grp = 'workers'",
        );
        expect(rows.rows.map((row) => row.checkpoint)).to.deep.equal([head]);
      } finally {
        await consumer.stop();
        await store.close();
        await db.drop();
      }
    });

    it('writes what it handled before it stops, and a member after it takes up from there', async () => {
      const db = await freshSchema();
      const store = await postgresEventStore(db);
      const feed = await postgresFeed(db, store, { keyOf: byStream, leaseMs: 1500 });
      const handled: string[] = [];
      const handle = (events: readonly RecordedEvent[]) => {
        handled.push(...events.map((event) => event.stream));
        return Promise.resolve();
      };
      const first = await feed.consume('workers', { typePrefixes: ['job.'] }, handle);
      for (let i = 0; i < 5; i++) await appendTo(store, `job-${i}`, ['job.created']);
      await until(() => handled.length === 5);
      await first.stop();
      const second = await feed.consume('workers', { typePrefixes: ['job.'] }, handle);
      try {
        await appendTo(store, 'job-5', ['job.created']);
        await until(() => handled.includes('job-5'));
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(handled).to.deep.equal(['job-0', 'job-1', 'job-2', 'job-3', 'job-4', 'job-5']);
      } finally {
        await second.stop();
        await store.close();
        await db.drop();
      }
    });

    it('goes on after a checkpoint it could not move, and hands on the events after it', async () => {
      const db = await freshSchema();
      const store = await postgresEventStore(db);
      // The database refuses the next move of a checkpoint, as on a dropped connection.
      let refuseAdvance = false;
      const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => Promise<unknown>;
      const faulty = {
        ...db,
        pool: new Proxy(db.pool, {
          get: (pool, name, receiver) =>
            name === 'query'
              ? (...args: unknown[]) => {
                  if (refuseAdvance && String(args[0]).includes('SET checkpoint')) {
                    refuseAdvance = false;
                    return Promise.reject(new Error('Connection terminated unexpectedly'));
                  }
                  return query(...args);
                }
              : (Reflect.get(pool, name, receiver) as unknown),
        }),
      };
      const feed = await postgresFeed(faulty, store, { keyOf: byStream, leaseMs: 1500 });
      const handled: string[] = [];
      const consumer = await feed.consume('workers', { streamPrefixes: ['job-'] }, (events) => {
        handled.push(...events.map((event) => `${event.stream}:${event.type}`));
        return Promise.resolve();
      });
      try {
        await appendTo(store, 'job-1', ['job.created']);
        await until(() => handled.includes('job-1:job.created'));
        refuseAdvance = true;
        await appendTo(store, 'job-2', ['job.created']);
        await until(() => handled.includes('job-2:job.created'));
        // The write of its checkpoint, within a second, is refused once.
        await until(() => !refuseAdvance, 5_000);
        await appendTo(store, 'job-3', ['job.created']);
        await until(() => handled.includes('job-3:job.created'), 10_000);
        // The next write moves the checkpoint past all three.
        const head = String(await store.headPosition());
        const written = async () =>
          (
            await db.pool.query<{ checkpoint: string }>(
              "SELECT DISTINCT checkpoint FROM feed_partitions WHERE grp = 'workers'",
            )
          ).rows.map((row) => row.checkpoint);
        for (let i = 0; i < 50 && (await written()).join() !== head; i++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await written()).to.deep.equal([head]);
      } finally {
        await consumer.stop();
        await store.close();
        await db.drop();
      }
    });

    it('hands every event of partitions it takes over, past which it had moved in memory only', async () => {
      const db = await freshSchema();
      const store = await postgresEventStore(db);
      const feed = await postgresFeed(db, store, { keyOf: byStream, leaseMs: 300 });
      // A stream of a partition the other member will hold (the upper half of the twelve).
      let stream = 'job-0';
      for (let i = 0; hashOf(stream) % 12 < 6; i++) stream = `job-${i}`;
      const handled = new Set<string>();
      let batches = 0;
      const member = await feed.consume('workers', { streamPrefixes: ['job-'] }, async (events) => {
        // The first batch of what it takes over is slow: its checkpoints' timer falls within it.
        if (batches++ === 0) await new Promise((resolve) => setTimeout(resolve, 1_500));
        for (const event of events) handled.add(event.id);
      });
      const other = partitionLeases(db, 'workers', 'other', { partitions: 12, leaseMs: 300 });
      try {
        // The other member joins; once this one gave back its extra half, it takes it.
        for (let tries = 0; (await other.rebalance()).size < 6; tries++) {
          if (tries > 100) throw new Error('the other member took no partitions');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // Events of the other's partition pass this member: they move its checkpoints in memory.
        await appendTo(
          store,
          stream,
          Array.from({ length: 1200 }, () => 'job.step'),
        );
        // The other dies; this member takes its partitions over once their lease ran out.
        await until(() => handled.size >= 1200, 15_000).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(handled.size, 'events of the partitions taken over').to.equal(1200);
      } finally {
        await member.stop();
        await store.close();
        await db.drop();
      }
    });

    it('is no longer in trouble once the reads that failed belong to partitions it gave up', async () => {
      const db = await freshSchema();
      const store = await postgresEventStore(db);
      const feed = await postgresFeed(db, store, { keyOf: byStream, leaseMs: 600 });
      let trouble: SubscriptionTrouble | undefined;
      const consumer = await feed.consume(
        'workers',
        { streamPrefixes: ['job-'] },
        () => Promise.resolve(),
        { onTrouble: (told) => (trouble = told) },
      );
      try {
        // Reads of the log fail while its table is away; a notification has the member read.
        await db.pool.query('ALTER TABLE events RENAME TO events_away');
        await db.pool.query('SELECT pg_notify($1, $2)', [eventsChannel(db), 'elsewhere']);
        await until(() => trouble !== undefined, 5_000);
        // Another member takes every partition while the reads fail: this one follows none.
        await db.pool.query(
          `INSERT INTO feed_members (grp, member, until) VALUES ('workers', 'other', now() + interval '1 minute')`,
        );
        await db.pool.query(
          `UPDATE feed_partitions SET owner = 'other', until = now() + interval '1 minute' WHERE grp = 'workers'`,
        );
        // A few renewals of the member (each a third of its lease) find that out.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await db.pool.query('ALTER TABLE events_away RENAME TO events');
        await until(() => trouble === undefined, 5_000).catch(() => undefined);
        expect(trouble?.error.message, 'trouble left behind by a stopped read').to.equal(undefined);
      } finally {
        await consumer.stop();
        await store.close();
        await db.drop();
      }
    });
  });
}
