import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { postgresEventStore } from '../../../adapters/eventstore/postgres/postgresEventStore.js';
import type { PostgresDatabase } from '../../../adapters/postgres/database.js';
import { openPostgres } from '../../../adapters/postgres/database.js';
import { newEvent } from '../../support/events.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { watchedQueries } from '../../support/watchedQueries.js';

/**
 * The process's reads of the log (its SELECTs of events by position), and the types they fetched;
 * and how many times it looked at the head, each look a chance to find a commit whose notice has
 * not come yet.
 */
const countedReads = (db: PostgresDatabase) => {
  const reads: string[][] = [];
  const looks = { head: 0 };
  const counted = watchedQueries(db, (sql, answer) => {
    if (/FROM events WHERE position >/.test(sql))
      reads.push(((answer.rows ?? []) as Array<{ type?: string }>).map((row) => String(row.type)));
    if (/max\(position\) AS head/.test(sql)) looks.head++;
  });
  return { db: counted, reads, looks };
};

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL event store: the appends of other processes', NO_POSTGRES);
} else {
  describe('PostgreSQL event store: the appends of other processes', function () {
    this.timeout(20_000);

    /** Two processes on one schema: `here` subscribes to orders and to invoices. */
    const twoProcesses = async () => {
      const writer = await freshSchema();
      // The reading process: a pool and a listener of its own, on the same schema.
      const reading = await openPostgres({ url: postgresUrl!, schema: writer.schema });
      const { db, reads, looks } = countedReads(reading);
      const elsewhere = await postgresEventStore(writer);
      const here = await postgresEventStore(db);
      const seen = { orders: [] as string[], invoices: [] as string[] };
      const subscriptions = [
        here.subscribe({ filter: { typePrefixes: ['order.'] } }, (events) => {
          seen.orders.push(...events.map((event) => event.stream));
          return Promise.resolve();
        }),
        here.subscribe({ filter: { streamPrefixes: ['invoice-'] } }, (events) => {
          seen.invoices.push(...events.map((event) => event.stream));
          return Promise.resolve();
        }),
      ];
      /** Twenty of each: orders, invoices, and events no subscription wants. */
      const appendAll = async (data: unknown) => {
        for (let i = 0; i < 20; i++) {
          for (const [stream, type] of [
            [`order-${i}`, 'order.created'],
            [`invoice-${i}`, 'invoice.issued'],
            [`noise-${i}`, 'noise.made'],
          ] as const) {
            const appended = await elsewhere.append(stream, [newEvent(type, data)], 'any');
            if (isLeft(appended)) throw new Error('append refused');
          }
        }
        const head = (await elsewhere.headPosition())!;
        await Promise.all(subscriptions.map((subscription) => subscription.reached(head)));
      };
      const close = async () => {
        for (const subscription of subscriptions) await subscription.stop();
        await here.close();
        await elsewhere.close();
        await reading.close();
        await writer.drop();
      };
      return { reads, looks, seen, appendAll, close };
    };

    it('come with their events in the notice of the process that made them: nothing is read', async () => {
      const { reads, looks, seen, appendAll, close } = await twoProcesses();
      try {
        const firstReads = reads.length;
        const firstLooks = looks.head;
        await appendAll({ note: 'small' });
        expect(seen.orders).to.have.length(20);
        expect(seen.invoices).to.have.length(20);
        // Sixty appends: only a look at the head that came before a notice may read a stretch
        // (one look a second; a slow machine makes more of them).
        const allowed = 1 + looks.head - firstLooks;
        expect(reads.length - firstReads, `reads of the log, ${allowed} allowed`).to.be.at.most(
          allowed,
        );
      } finally {
        await close();
      }
    });

    it('too large for a notice, are read once for all the subscriptions, only the events one of them wants', async () => {
      const { reads, seen, appendAll, close } = await twoProcesses();
      try {
        const firstReads = reads.length;
        await appendAll({ note: 'x'.repeat(9_000) });
        expect(seen.orders).to.have.length(20);
        expect(seen.invoices).to.have.length(20);
        const later = reads.slice(firstReads);
        // Sixty appends, each announced: one read each for both subscriptions (not two), and perhaps
        // one more after a poll of the head.
        expect(later.length, 'reads of the log').to.be.within(1, 70);
        expect(later.flat(), 'events read that no subscription wants').to.not.include('noise.made');
      } finally {
        await close();
      }
    });
  });
}
