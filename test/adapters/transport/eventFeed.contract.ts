import { expect } from 'chai';
import type { EventFeed, FeedConsumer } from '../../../adapters/transport/port.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';

export type FeedFixture = {
  feed: EventFeed;
  /** Puts events into the log the feed carries, in this order. */
  append: (stream: string, types: readonly string[]) => Promise<void>;
  /** A group name of this fixture's own, so that runs against a shared server do not meet. */
  group: (name: string) => string;
  close: () => Promise<void>;
};

const until = async (done: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

export const eventFeedContract = (name: string, open: () => Promise<FeedFixture>) => {
  describe(`EventFeed contract: ${name}`, function () {
    this.timeout(60_000);
    let fixture: FeedFixture;
    const consumers: FeedConsumer[] = [];
    const consume = async (
      group: string,
      seen: RecordedEvent[],
      options: { firstFrom?: 'start' | 'end'; failFirst?: boolean } = {},
    ) => {
      let failures = options.failFirst ? 1 : 0;
      const consumer = await fixture.feed.consume(
        fixture.group(group),
        { streamPrefixes: ['order-'] },
        (events) => {
          if (failures > 0) {
            failures--;
            return Promise.reject(new Error('the worker died before recording its work'));
          }
          seen.push(...events);
          return Promise.resolve();
        },
        options.firstFrom ? { firstFrom: options.firstFrom } : {},
      );
      consumers.push(consumer);
      return consumer;
    };

    beforeEach(async () => {
      fixture = await open();
    });
    afterEach(async () => {
      await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
      await fixture.close();
    });

    it('hands a group every event its filter passes, a key’s events in their order', async () => {
      const seen: RecordedEvent[] = [];
      await consume('planner', seen);
      await fixture.append('order-1', ['order.created', 'order.paid', 'order.shipped']);
      await fixture.append('customer-1', ['customer.created']);
      await fixture.append('order-2', ['order.created']);
      await until(() => seen.length >= 4);
      expect(seen.map((e) => `${e.stream} ${e.type}`)).to.include.members([
        'order-2 order.created',
      ]);
      expect(seen.filter((e) => e.stream === 'order-1').map((e) => e.type)).to.deep.equal([
        'order.created',
        'order.paid',
        'order.shipped',
      ]);
      expect(seen.some((e) => e.stream === 'customer-1')).to.equal(false);
    });

    it('resumes a group after the work it finished, and gives every group each event', async () => {
      const first: RecordedEvent[] = [];
      const consumer = await consume('executor', first);
      await fixture.append('order-1', ['order.created']);
      await until(() => first.length === 1);
      await consumer.stop();
      consumers.splice(consumers.indexOf(consumer), 1);

      await fixture.append('order-1', ['order.paid']);
      const again: RecordedEvent[] = [];
      const other: RecordedEvent[] = [];
      await consume('executor', again);
      await consume('auditor', other);
      await until(() => again.length >= 1 && other.length >= 2);
      expect(again.map((e) => e.type)).to.deep.equal(['order.paid']);
      expect(other.map((e) => e.type)).to.deep.equal(['order.created', 'order.paid']);
    });

    it('hands a batch out again when its worker failed before finishing it', async () => {
      await fixture.append('order-1', ['order.created']);
      // The feed may hand it again to the same consumer, or to the next one of the group.
      const seen: RecordedEvent[] = [];
      await consume('dispatcher', seen, { failFirst: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (seen.length === 0) {
        await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
        await consume('dispatcher', seen);
      }
      await until(() => seen.length >= 1);
      expect(seen.map((e) => e.type)).to.deep.equal(['order.created']);
    });

    it('starts a new group at the end of the log when asked to', async () => {
      await fixture.append('order-1', ['order.created']);
      const seen: RecordedEvent[] = [];
      await consume('late', seen, { firstFrom: 'end' });
      await fixture.append('order-1', ['order.paid']);
      await until(() => seen.length >= 1);
      expect(seen.map((e) => e.type)).to.deep.equal(['order.paid']);
    });
  });
};
