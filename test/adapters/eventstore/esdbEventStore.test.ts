import { EventStoreDBClient } from '@eventstore/db-client';
import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { AppendTooLargeError } from '../../../adapters/eventstore/esdb/appendSize.js';
import type { EsdbEventStoreOptions } from '../../../adapters/eventstore/esdb/esdbEventStore.js';
import { esdbEventStore } from '../../../adapters/eventstore/esdb/esdbEventStore.js';
import { InvalidPositionError } from '../../../adapters/eventstore/esdb/positions.js';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';
import { skipSuite } from '../../support/skipSuite.js';
import { eventStoreContract } from './eventStore.contract.js';

const url = process.env.EVENTSTORE_URL;

if (url === undefined || url === '') {
  skipSuite(
    'EventStoreDB contract suite',
    'EVENTSTORE_URL is not set (docker compose up -d eventstore, then EVENTSTORE_URL=esdb://localhost:2113?tls=false)',
  );
} else {
  /** A store on a connection of its own, as another process would have. */
  const connect = (options: EsdbEventStoreOptions = {}) => {
    const client = EventStoreDBClient.connectionString(url);
    const store = esdbEventStore(client, options);
    // Every test writes to streams of its own; they are deleted afterwards.
    const written = new Set<string>();
    const tracked: EventStore = {
      ...store,
      append: (stream, events, expected) => {
        written.add(stream);
        return store.append(stream, events, expected);
      },
    };
    return {
      store: tracked,
      close: async () => {
        await store.close();
        for (const stream of written) await client.deleteStream(stream).catch(() => undefined);
        await client.dispose();
      },
    };
  };

  eventStoreContract('EventStoreDB', () => Promise.resolve(connect()));

  describe('EventStoreDB event store: the order of commits and what it refuses', () => {
    const opened: Array<ReturnType<typeof connect>> = [];
    const open = (options?: EsdbEventStoreOptions) => {
      const fixture = connect(options);
      opened.push(fixture);
      return fixture.store;
    };
    afterEach(async () => {
      for (const fixture of opened.splice(0)) await fixture.close();
    });

    const tag = () => Math.random().toString(36).slice(2);
    const appendOne = async (store: EventStore, stream: string, type = 'test.happened') => {
      const result = await store.append(stream, [newEvent(type)], 'any');
      if (isLeft(result)) throw new Error('append refused');
      return result.right.events[0]!;
    };

    it('hands a subscription every append of concurrent writers, in position order', async () => {
      const [one, other] = [open(), open()];
      const prefix = `late-${tag()}-`;
      const seen: RecordedEvent[] = [];
      const subscription = one.subscribe(
        { after: await one.headPosition(), filter: { streamPrefixes: [prefix] } },
        (events) => {
          seen.push(...events);
          return Promise.resolve();
        },
      );
      // Two connections racing: each append's position is only known once it is acknowledged.
      const written = await Promise.all(
        Array.from({ length: 20 }, (_, i) => appendOne(i % 2 === 0 ? one : other, `${prefix}${i}`)),
      );
      const last = written.reduce(
        (far, e) => (BigInt(e.position) > BigInt(far) ? e.position : far),
        written[0]!.position,
      );
      await subscription.reached(last);
      await subscription.stop();
      const positions = seen.map((e) => BigInt(e.position));
      expect(positions).to.deep.equal([...positions].sort((a, b) => (a < b ? -1 : 1)));
      expect(seen.map((e) => e.id).sort()).to.deep.equal(written.map((e) => e.id).sort());
    });

    it('says how far a filtered read scanned when nothing matched', async () => {
      const store = open();
      const before = await store.headPosition();
      const stream = `scan-${tag()}`;
      let last = before;
      for (let i = 0; i < 5; i++) last = (await appendOne(store, stream, 'other.kind')).position;
      const page = await store.readAll({
        ...(before !== undefined && { after: before }),
        filter: { stream, type: 'wanted.kind' },
        limit: 10,
      });
      expect(page.events).to.deep.equal([]);
      expect(BigInt(page.scannedTo!) >= BigInt(last!)).to.equal(true);
    });

    it('stops a filtered read at its scan budget', async () => {
      const store = open({ scanBudget: { records: 3, bytes: 64 * 1024 * 1024 } });
      const before = await store.headPosition();
      const stream = `budget-${tag()}`;
      for (let i = 0; i < 5; i++) await appendOne(store, stream, 'other.kind');
      const page = await store.readAll({
        ...(before !== undefined && { after: before }),
        filter: { type: 'wanted.kind' },
        limit: 10,
      });
      expect(page).to.deep.include({ events: [], atEnd: false });
    });

    it('refuses a position inside a record, and one beyond 2^64, as not issued', async () => {
      const store = open();
      const event = await appendOne(store, `inside-${tag()}`);
      for (const after of [position(BigInt(event.position) + 1n), position(2n ** 64n)]) {
        const error = await store.readAll({ after, limit: 1 }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, after).to.be.instanceOf(InvalidPositionError);
      }
    });

    it('refuses an append over the size limit, whoever finds it too large', async () => {
      const big = newEvent('test.happened', { blob: 'x'.repeat(1024 * 1024) });
      for (const store of [open(), open({ maxAppendSize: 16 * 1024 * 1024 })]) {
        const error = await store.append(`big-${tag()}`, [big], 'any').then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).to.be.instanceOf(AppendTooLargeError);
      }
    });
  });
}
