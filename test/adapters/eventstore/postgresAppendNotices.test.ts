import { expect } from 'chai';
import pg from 'pg';
import { parseNotice } from '../../../adapters/eventstore/postgres/appendNotices.js';
import { postgresEventStore } from '../../../adapters/eventstore/postgres/postgresEventStore.js';
import { eventsChannel } from '../../../adapters/eventstore/postgres/schema.js';
import { newEvent } from '../../support/events.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('PostgreSQL appends: their notices', NO_POSTGRES);
} else {
  describe('PostgreSQL appends: their notices', function () {
    this.timeout(20_000);

    it('sends a commit as notices with it, each fitting a notification, in order, one event too large told by its position', async () => {
      const db = await freshSchema();
      const listener = new pg.Client({ connectionString: postgresUrl });
      try {
        const store = await postgresEventStore(db);
        await store.append('s-first', [newEvent('first.one', { n: 0 })], 'no_stream');
        const payloads: string[] = [];
        await listener.connect();
        listener.on('notification', (message) => payloads.push(message.payload ?? ''));
        await listener.query(`LISTEN ${eventsChannel(db)}`);

        const events = Array.from({ length: 30 }, (_, i) =>
          newEvent('large.one', { text: 'x'.repeat(i === 12 ? 9_000 : 1_000), i }),
        );
        const appended = await store.append('s-large', events, 'no_stream');
        if (appended._tag !== 'Right') throw new Error('the append was refused');
        const deadline = Date.now() + 5_000;
        const lastOf = () =>
          payloads.map((payload): string | undefined => parseNotice(payload)?.notice.last);
        while (!lastOf().includes('31') && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));

        const notices = payloads.map((payload) => parseNotice(payload)!);
        expect(notices.length).to.be.greaterThan(3);
        for (const payload of payloads) expect(Buffer.byteLength(payload)).to.be.below(8_000);
        const senders = new Set(notices.map((parsed) => parsed.from));
        expect(senders.size).to.equal(1);
        // Each follows on from the one before it, and together they hold every event but the large one.
        let at = '1';
        for (const { notice } of notices) {
          expect(notice.before).to.equal(at);
          at = notice.last;
        }
        expect(at).to.equal('31');
        const told = notices.flatMap(({ notice }) => notice.events ?? []);
        expect(told.map((event) => event.position)).to.deep.equal(
          appended.right.events.filter((_, i) => i !== 12).map((event) => event.position),
        );
        expect(notices.find(({ notice }) => notice.last === '14')!.notice.events).to.equal(
          undefined,
        );
        // The events as told are the events as read from the log.
        const read = await store.readStream('s-large');
        expect(told).to.deep.equal(read.filter((_, i) => i !== 12));
        // A payload of a process that sends no notices is not one.
        expect(parseNotice('3f8a2c1e-0000-4000-8000-000000000000')).to.equal(undefined);
        await store.close();
      } finally {
        await listener.end();
        await db.drop();
      }
    });

    it('tells the first append to an empty log as following nothing', async () => {
      const db = await freshSchema();
      const listener = new pg.Client({ connectionString: postgresUrl });
      try {
        const store = await postgresEventStore(db);
        const payloads: string[] = [];
        await listener.connect();
        listener.on('notification', (message) => payloads.push(message.payload ?? ''));
        await listener.query(`LISTEN ${eventsChannel(db)}`);
        await store.append('s-one', [newEvent('first.one', { n: 0 })], 'no_stream');
        const deadline = Date.now() + 5_000;
        while (payloads.length === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        const [notice] = payloads.map((payload) => parseNotice(payload)!.notice);
        expect(notice!.before).to.equal(undefined);
        expect(notice!.last).to.equal('1');
        expect(notice!.events!.map((event) => event.type)).to.deep.equal(['first.one']);
        await store.close();
      } finally {
        await listener.end();
        await db.drop();
      }
    });
  });
}
