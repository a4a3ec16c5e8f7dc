import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import type { SqliteDatabase } from '../../../adapters/sqlite/database.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { position } from '../../../domain/shared/envelope.js';
import type { DueDoc } from '../../../projections/deliveries.js';
import { DELIVERIES_DUE, deliveriesProjection } from '../../../projections/deliveries.js';
import type { DueQueue, Refusal } from '../../../src/delivery/dueQueue.js';
import { dueQueue } from '../../../src/delivery/dueQueue.js';
import { tempDir } from '../../support/tempDir.js';

const NOW = Date.UTC(2026, 10, 24, 12);
const BACKLOGGED = 'we_backlogged';
const OTHERS = ['we_a', 'we_b', 'we_c'];

const dueDoc = (endpointId: string, i: number, dueAtMs: number): DueDoc => ({
  id: `delivery-evt_${String(i).padStart(7, '0')}-${endpointId}`,
  event_id: `evt_${i}`,
  endpoint_id: endpointId,
  due_at_ms: dueAtMs,
  round: 1,
});

/** Reads through the port, counted: statements sent and documents they returned. */
const counted = (store: ReadStore) => {
  const count = { statements: 0, docs: 0 };
  const wrapped: ReadStore = {
    ...store,
    find: async (collection, query) => {
      const page = await store.find(collection, query);
      count.statements++;
      count.docs += page.docs.length;
      return page;
    },
    firstOfEach: async (collection, query) => {
      const docs = await store.firstOfEach(collection, query);
      // One statement per group found, and the one that finds no more.
      count.statements += docs.length + 1;
      count.docs += docs.length;
      return docs;
    },
  };
  return { wrapped, count };
};

/** Read calls this thread made to the kernel: with SQLite's cache small, about a page each. */
const readCalls = () => {
  const io = readFileSync('/proc/thread-self/io', 'utf8');
  return Number(/syscr:\s*(\d+)/.exec(io)![1]);
};

/**
 * A durable queue on a file: `waiting` deliveries of one endpoint due over the last day, and five
 * due now for each of three others.
 */
const queueOnDisk = async (waiting: number) => {
  const dir = tempDir();
  const db: SqliteDatabase = openSqlite({ file: join(dir.path, 'queue.db') });
  const store = sqliteReadStore(db);
  await store.registerProjection(deliveriesProjection.name, deliveriesProjection.collections);
  let at = 0;
  const put = async (docs: DueDoc[]) =>
    store.apply(
      deliveriesProjection.name,
      { kind: 'live' },
      docs.map((doc) => ({ op: 'put' as const, collection: DELIVERIES_DUE, doc })),
      position(++at),
    );
  for (let from = 0; from < waiting; from += 10_000) {
    const docs: DueDoc[] = [];
    for (let i = from; i < Math.min(waiting, from + 10_000); i++)
      docs.push(dueDoc(BACKLOGGED, i, NOW - 86_400_000 + i));
    await put(docs);
  }
  await put(OTHERS.flatMap((id, e) => [0, 1, 2, 3, 4].map((i) => dueDoc(id, 100 * e + i, NOW))));
  db.pragma('wal_checkpoint(TRUNCATE)');
  // A cache of a few pages: nearly every page a read touches is then a call to the kernel.
  db.pragma('cache_size = 8');
  return {
    store,
    /** A delivery sent and answered: the projection takes it out of the queue. */
    answered: async (due: DueDoc) => {
      await store.apply(
        deliveriesProjection.name,
        { kind: 'live' },
        [{ op: 'delete', collection: DELIVERIES_DUE, id: due.id }],
        position(++at),
      );
    },
    close: () => {
      db.close();
      dir.remove();
    },
  };
};

/**
 * What a dispatcher does while one endpoint's backlog waits on its rate: a walk of the queue, then
 * rounds at each of its tokens, each sending one of its deliveries and whatever else is due.
 */
const rateLimitedRounds = async (
  queue: DueQueue,
  answered: (due: DueDoc) => Promise<void>,
  rounds: number,
) => {
  const sent: string[] = [];
  let tokenAt = NOW;
  await queue.resync();
  for (let round = 0; round < rounds; round++) {
    const now = NOW + round * 200;
    await queue.drain({
      now,
      inFlightOf: () => [],
      full: () => false,
      start: async (due) => {
        if (due.endpoint_id === BACKLOGGED) {
          if (tokenAt > now) return tokenAt;
          tokenAt = now + 200;
        }
        sent.push(due.id);
        await answered(due);
        return true;
      },
    });
  }
  return sent;
};

describe('delivery: the due queue', function () {
  this.timeout(120_000);

  it('costs the same to read with 100,000 deliveries waiting on one endpoint as with 1,000', async () => {
    const measure = async (waiting: number) => {
      const disk = await queueOnDisk(waiting);
      try {
        const { wrapped, count } = counted(disk.store);
        const before = readCalls();
        const sent = await rateLimitedRounds(dueQueue(wrapped), disk.answered, 20);
        return { ...count, pages: readCalls() - before, sent };
      } finally {
        disk.close();
      }
    };
    const small = await measure(1_000);
    const large = await measure(100_000);

    // The same work was done: the other endpoints' fifteen, and one of the backlog per token.
    for (const run of [small, large]) {
      expect(run.sent.filter((id) => id.endsWith(BACKLOGGED))).to.have.length(20);
      expect(run.sent.filter((id) => !id.endsWith(BACKLOGGED))).to.have.length(15);
    }
    // Through the port: the same statements, returning the same documents.
    expect(large.statements).to.equal(small.statements);
    expect(large.docs).to.equal(small.docs);
    // Inside SQLite: the larger b-tree is a level deeper, no more. A read that walked past the
    // backlog would touch a hundred times the pages.
    console.log(`      pages read: ${small.pages} at 1,000, ${large.pages} at 100,000`);
    expect(small.pages).to.be.greaterThan(0);
    expect(large.pages, JSON.stringify({ small, large })).to.be.at.most(small.pages * 2 + 20);
  });

  it('holds a bounded number of deliveries in memory, however many are offered', async () => {
    const disk = await queueOnDisk(0);
    try {
      const queue = dueQueue(disk.store);
      const offered = Array.from({ length: 50_000 }, (_, i) =>
        dueDoc(`we_${i % 100}`, i, NOW - 1_000),
      );
      const taken = queue.offer(offered, NOW);
      expect(taken.length).to.be.at.most(8_192);
      expect(queue.size().held).to.equal(taken.length);
      expect(queue.size().endpoints).to.equal(100);
    } finally {
      disk.close();
    }
  });

  it('sends an endpoint’s deliveries oldest first, whether offered or read, and none twice', async () => {
    const disk = await queueOnDisk(300);
    try {
      const queue = dueQueue(disk.store);
      await queue.resync();
      // News of a newer delivery arrives while the older ones are still unread.
      const newer = dueDoc(BACKLOGGED, 999_999, NOW);
      expect(queue.offer([newer], NOW)).to.deep.equal([]);
      const sent: DueDoc[] = [];
      await queue.drain({
        now: NOW,
        inFlightOf: () => [],
        full: () => false,
        start: async (due) => {
          sent.push(due);
          await disk.answered(due);
          return true;
        },
      });
      const backlog = sent.filter((due) => due.endpoint_id === BACKLOGGED);
      // The news is not in the durable queue (its projection has not written it yet, as when
      // another process projects): it is still sent, after the older ones it waited behind.
      expect(backlog).to.have.length(301);
      expect(backlog[300]!.id).to.equal(newer.id);
      const times = backlog.map((due) => due.due_at_ms);
      expect(times).to.deep.equal([...times].sort((a, b) => a - b));
      expect(new Set(sent.map((due) => due.id)).size).to.equal(sent.length);
    } finally {
      disk.close();
    }
  });

  it("sets aside an endpoint whose slots, or its merchant's share, are taken until one frees, and one out of tokens until its next", async () => {
    const disk = await queueOnDisk(10);
    try {
      const queue = dueQueue(disk.store);
      await queue.resync();
      const refuse = (endpointId: string, why: Refusal) =>
        queue.drain({
          now: NOW,
          inFlightOf: () => [],
          full: () => false,
          start: async (due) => {
            if (due.endpoint_id === endpointId) return why;
            await disk.answered(due);
            return true;
          },
        });
      await refuse(BACKLOGGED, 'slots');
      // The others are all sent; the backlogged endpoint waits for a slot, not for a time.
      expect(queue.nextLookAt()).to.equal(undefined);
      queue.slotFreed(BACKLOGGED, undefined);
      expect(queue.nextLookAt()).to.equal(0);
      // Set aside for its merchant's share: a slot of another of that merchant's endpoints frees it.
      await refuse(BACKLOGGED, { merchant: 'mer_busy' });
      expect(queue.nextLookAt()).to.equal(undefined);
      queue.slotFreed('we_other', 'mer_quiet');
      expect(queue.nextLookAt()).to.equal(undefined);
      queue.slotFreed('we_other', 'mer_busy');
      expect(queue.nextLookAt()).to.equal(0);
      await refuse(BACKLOGGED, NOW + 250);
      expect(queue.nextLookAt()).to.equal(NOW + 250);
    } finally {
      disk.close();
    }
  });
});
