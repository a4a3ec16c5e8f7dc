import { expect } from 'chai';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { comparePositions } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';

export type EventStoreFixture = { store: EventStore; close: () => Promise<void> };

const appendOk = async (
  store: EventStore,
  stream: string,
  count: number,
  type = 'test.happened',
) => {
  const result = await store.append(
    stream,
    Array.from({ length: count }, (_, i) => newEvent(type, { i })),
    'any',
  );
  if (isLeft(result)) throw new Error('append refused');
  return result.right;
};

const readEverything = async (store: EventStore, after?: Position): Promise<RecordedEvent[]> => {
  const all: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await store.readAll({ ...(cursor && { after: cursor }), limit: 7 });
    all.push(...page.events);
    cursor = page.scannedTo;
    if (page.atEnd) return all;
  }
};

/** The behaviour every event store adapter must have; run once per adapter. */
export const eventStoreContract = (name: string, open: () => Promise<EventStoreFixture>) => {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    let stream: string;

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
      stream = `contract-${Math.random().toString(36).slice(2)}`;
    });
    afterEach(() => fixture.close());

    it('appends to a new stream from revision 0 and reads it back in order', async () => {
      const result = await store.append(
        stream,
        [newEvent('a.one', { n: 1 }), newEvent('a.two', { n: 2 })],
        'no_stream',
      );
      expect(isRight(result)).to.equal(true);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.type, e.revision, e.data])).to.deep.equal([
        ['a.one', 0, { n: 1 }],
        ['a.two', 1, { n: 2 }],
      ]);
      expect(events[0]!.stream).to.equal(stream);
      expect(comparePositions(events[0]!.position, events[1]!.position)).to.equal(-1);
      expect(Date.parse(events[0]!.recorded_at)).to.be.a('number').and.not.NaN;
    });

    it('keeps the envelope: id, data and every metadata field', async () => {
      const event = newEvent('meta.kept', { nested: { list: [1, 'two', null] } }, 'mer_abc');
      event.metadata = {
        merchant_id: 'mer_abc',
        actor: 'key_1',
        request_id: 'req_1',
        correlation_id: 'cor_1',
        causation_id: 'cau_1',
      };
      await store.append(stream, [event], 'no_stream');
      const [read] = await store.readStream(stream);
      expect(read!.id).to.equal(event.id);
      expect(read!.data).to.deep.equal(event.data);
      expect(read!.metadata).to.deep.equal(event.metadata);
    });

    it('refuses a wrong expected revision with a typed conflict and writes nothing', async () => {
      await appendOk(store, stream, 2);
      for (const expected of ['no_stream', 0, 5] as const) {
        const result = await store.append(stream, [newEvent('x.y')], expected);
        expect(isLeft(result)).to.equal(true);
        if (isLeft(result)) {
          expect(result.left).to.deep.include({ kind: 'concurrency_conflict', stream, actual: 1 });
        }
      }
      const missing = await store.append(`${stream}-none`, [newEvent('x.y')], 'stream_exists');
      expect(isLeft(missing) && missing.left.actual).to.equal(-1);
      expect(await store.readStream(stream)).to.have.length(2);
    });

    it('lets exactly one of many concurrent appends at the same revision win', async () => {
      await appendOk(store, stream, 1);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.append(stream, [newEvent('race.won', { i })], 0),
        ),
      );
      expect(results.filter(isRight)).to.have.length(1);
      expect(await store.readStream(stream)).to.have.length(2);
    });

    it('reads a stream from a revision, with a limit', async () => {
      await appendOk(store, stream, 5);
      const events = await store.readStream(stream, { fromRevision: 2, limit: 2 });
      expect(events.map((e) => e.revision)).to.deep.equal([2, 3]);
      expect(await store.readStream(`${stream}-absent`)).to.deep.equal([]);
    });

    it('reads the whole log from any position, in pages, with no gaps or repeats', async () => {
      const head = await store.headPosition();
      await appendOk(store, stream, 20);
      const all = await readEverything(store, head);
      const mine = all.filter((e) => e.stream === stream);
      expect(mine.map((e) => e.revision)).to.deep.equal([...Array(20).keys()]);
      for (let i = 1; i < all.length; i++) {
        expect(comparePositions(all[i - 1]!.position, all[i]!.position)).to.equal(-1);
      }
      // From every position, the rest of the log is exactly the tail after it.
      for (let i = 0; i < mine.length; i++) {
        const rest = await readEverything(store, mine[i]!.position);
        expect(rest.filter((e) => e.stream === stream).map((e) => e.revision)).to.deep.equal(
          [...Array(20).keys()].slice(i + 1),
        );
      }
    });

    it('reads the log backward, newest first, from the end or before a position, in pages', async () => {
      await appendOk(store, stream, 12);
      await appendOk(store, `${stream}-other`, 3, 'other.happened');
      const newest = await store.readAll({ direction: 'backward', limit: 4 });
      expect(newest.atEnd).to.equal(false);
      expect(newest.events.map((e) => [e.stream, e.revision])).to.deep.equal([
        [`${stream}-other`, 2],
        [`${stream}-other`, 1],
        [`${stream}-other`, 0],
        [stream, 11],
      ]);
      expect(newest.scannedTo).to.equal(newest.events[3]!.position);
      // Page after page to the start, filtered: every event of the stream once, newest first.
      const mine: RecordedEvent[] = [];
      let before: Position | undefined;
      for (;;) {
        const page = await store.readAll({
          direction: 'backward',
          ...(before && { before }),
          filter: { stream },
          limit: 5,
        });
        mine.push(...page.events);
        before = page.scannedTo;
        if (page.atEnd) break;
      }
      expect(mine.map((e) => e.revision)).to.deep.equal([...Array(12).keys()].reverse());
      // Before one event's position: the ones before it, not it.
      const before7 = await store.readAll({
        direction: 'backward',
        before: mine[4]!.position,
        filter: { stream },
        limit: 2,
      });
      expect(before7.events.map((e) => e.revision)).to.deep.equal([6, 5]);
    });

    it('filters the log by type prefix and stream prefix', async () => {
      const head = await store.headPosition();
      await appendOk(store, `${stream}-a`, 3, 'order.created');
      await appendOk(store, `${stream}-b`, 2, 'invoice.sent');
      await appendOk(store, `other_${stream}`, 2, 'order.created');
      const byType = await store.readAll({
        ...(head && { after: head }),
        filter: { typePrefixes: ['order.'] },
        limit: 100,
      });
      expect(byType.events.map((e) => e.type)).to.deep.equal(Array(5).fill('order.created'));
      const byStream = await store.readAll({
        ...(head && { after: head }),
        filter: { streamPrefixes: [`${stream}-`] },
        limit: 100,
      });
      expect(byStream.events).to.have.length(5);
      const both = await store.readAll({
        ...(head && { after: head }),
        filter: { typePrefixes: ['order.'], streamPrefixes: [`${stream}-`] },
        limit: 100,
      });
      expect(both.events.map((e) => e.stream)).to.deep.equal(Array(3).fill(`${stream}-a`));
      // A prefix is literal: `_` and `%` match only themselves.
      const literal = await store.readAll({
        ...(head && { after: head }),
        filter: { streamPrefixes: ['other%'] },
        limit: 100,
      });
      expect(literal.events).to.have.length(0);
      // A prefix matches exactly as written: case counts, and so does the last character.
      await appendOk(store, `Ü${stream}-é1`, 1, 'Order.created');
      await appendOk(store, `Ü${stream}-ê1`, 1, 'order.createdé');
      const exact = async (filter: { typePrefixes?: string[]; streamPrefixes?: string[] }) =>
        (await store.readAll({ ...(head && { after: head }), filter, limit: 100 })).events.map(
          (e) => e.stream,
        );
      expect(await exact({ streamPrefixes: [`Ü${stream}-é`] })).to.deep.equal([`Ü${stream}-é1`]);
      expect(await exact({ typePrefixes: ['Order.'] })).to.deep.equal([`Ü${stream}-é1`]);
      expect(await exact({ typePrefixes: ['order.createdé'] })).to.deep.equal([`Ü${stream}-ê1`]);
    });

    it('filters the log by exact type, stream and merchant', async () => {
      const head = await store.headPosition();
      const merchant = `mer_${stream.replace(/[^A-Za-z0-9]/g, '')}`;
      const typed = (type: string, owner: string | null) => newEvent(type, {}, owner);
      const write = async (target: string, events: ReturnType<typeof newEvent>[]) => {
        const result = await store.append(target, events, 'any');
        if (isLeft(result)) throw new Error('append refused');
      };
      await write(`${stream}-a`, [
        typed('order.created', merchant),
        typed('order.created_x', merchant),
      ]);
      await write(`${stream}-ab`, [typed('order.created', 'mer_someone_else')]);
      await write(`${stream}-a`, [typed('invoice.sent', merchant), typed('order.created', null)]);
      const read = async (filter: Parameters<EventStore['readAll']>[0]['filter']) =>
        (await store.readAll({ ...(head && { after: head }), filter, limit: 100 })).events;
      expect((await read({ type: 'order.created' })).map((e) => e.stream)).to.deep.equal([
        `${stream}-a`,
        `${stream}-ab`,
        `${stream}-a`,
      ]);
      expect((await read({ stream: `${stream}-a` })).map((e) => e.revision)).to.deep.equal([
        0, 1, 2, 3,
      ]);
      expect((await read({ merchantId: merchant })).map((e) => e.type)).to.deep.equal([
        'order.created',
        'order.created_x',
        'invoice.sent',
      ]);
      expect(
        (await read({ merchantId: merchant, type: 'order.created', stream: `${stream}-a` })).length,
      ).to.equal(1);
    });

    it('filters the log by correlation', async () => {
      const head = await store.headPosition();
      const correlated = (type: string, correlation: string | null) => {
        const event = newEvent(type);
        return { ...event, metadata: { ...event.metadata, correlation_id: correlation } };
      };
      const chain = `cor_${stream.replace(/[^A-Za-z0-9]/g, '')}`;
      const appended = await store.append(
        `${stream}-c`,
        [correlated('order.created', chain), correlated('order.paid', `${chain}x`)],
        'any',
      );
      if (isLeft(appended)) throw new Error('append refused');
      const more = await store.append(
        `${stream}-d`,
        [correlated('invoice.sent', chain), correlated('invoice.paid', null)],
        'any',
      );
      if (isLeft(more)) throw new Error('append refused');
      const page = await store.readAll({
        ...(head && { after: head }),
        filter: { correlationId: chain },
        limit: 100,
      });
      expect(page.events.map((e) => e.type)).to.deep.equal(['order.created', 'invoice.sent']);
    });

    it('counts the events after a position', async () => {
      const head = await store.headPosition();
      const before = await store.countAfter(head);
      await appendOk(store, stream, 4);
      expect((await store.countAfter(head)) - before).to.equal(4);
      expect(await store.countAfter(await store.headPosition())).to.equal(0);
      expect(await store.countAfter(undefined)).to.be.at.least(4);
    });

    it('subscribes: catches up from a checkpoint, then receives live appends in order', async () => {
      await appendOk(store, stream, 3);
      const [, second] = await store.readStream(stream);
      const seen: number[] = [];
      const subscription = store.subscribe(
        { after: second!.position, filter: { streamPrefixes: [stream] } },
        (events) => {
          seen.push(...events.map((e) => e.revision));
          return Promise.resolve();
        },
      );
      const first = await appendOk(store, stream, 2);
      await subscription.reached(first.position);
      expect(seen).to.deep.equal([2, 3, 4]);
      const later = await appendOk(store, stream, 3);
      await subscription.reached(later.position);
      await subscription.stop();
      expect(seen).to.deep.equal([2, 3, 4, 5, 6, 7]);
      await appendOk(store, stream, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).to.have.length(6);
    });

    it('wakes a live subscription on append without a polling delay', async () => {
      const head = await store.headPosition();
      let deliveredAt = 0;
      const subscription = store.subscribe(
        { ...(head && { after: head }), filter: { streamPrefixes: [stream] } },
        (events) => {
          if (events.length) deliveredAt = performance.now();
          return Promise.resolve();
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const appendedAt = performance.now();
      const appended = await appendOk(store, stream, 1);
      await subscription.reached(appended.position);
      await subscription.stop();
      // The wake-up is an event, not a timer: it comes well inside one polling interval of 50 ms.
      expect(deliveredAt - appendedAt).to.be.lessThan(50);
    });

    it('follows a filter through interleaved appends, and reaches positions of events it skips', async () => {
      const head = await store.headPosition();
      const seen: string[] = [];
      const subscription = store.subscribe(
        {
          ...(head && { after: head }),
          filter: { typePrefixes: ['wanted.'], streamPrefixes: [stream] },
        },
        (events) => {
          seen.push(...events.map((e) => (e.data as { tag: string }).tag));
          return Promise.resolve();
        },
      );
      const appends = [];
      for (let i = 0; i < 30; i++) {
        const type = i % 3 === 0 ? 'wanted.thing' : 'other.thing';
        appends.push(
          store.append(
            i % 2 ? stream : `${stream}-x`,
            [newEvent(type, { tag: `${type}-${i}` })],
            'any',
          ),
        );
      }
      const results = await Promise.all(appends);
      const last = results[results.length - 1]!;
      if (isLeft(last)) throw new Error('append refused');
      await subscription.reached(last.right.position);
      const unwanted = await store.append(
        `${stream}-y`,
        [newEvent('other.thing', { tag: 'late' })],
        'any',
      );
      if (isLeft(unwanted)) throw new Error('append refused');
      await subscription.reached(unwanted.right.position);
      await subscription.stop();
      const expected = Array.from({ length: 30 }, (_, i) => i)
        .filter((i) => i % 3 === 0)
        .map((i) => `wanted.thing-${i}`);
      expect(seen).to.deep.equal(expected);
    });

    it('never re-enters a slow handler: batches arrive one after another', async () => {
      const head = await store.headPosition();
      let inside = 0;
      let overlapped = false;
      const seen: number[] = [];
      const subscription = store.subscribe(
        { ...(head && { after: head }), filter: { streamPrefixes: [stream] }, batchSize: 2 },
        async (events) => {
          inside++;
          if (inside > 1) overlapped = true;
          await new Promise((resolve) => setTimeout(resolve, 5));
          seen.push(...events.map((e) => e.revision));
          inside--;
        },
      );
      let last = await appendOk(store, stream, 2);
      for (let i = 1; i < 5; i++) last = await appendOk(store, stream, 2);
      await subscription.reached(last.position);
      await subscription.stop();
      expect(overlapped).to.equal(false);
      expect(seen).to.deep.equal([...Array(10).keys()]);
    });
  });
};
