import { expect } from 'chai';
import { join } from 'node:path';
import type { AppendNews } from '../../../adapters/eventstore/pullSubscription.js';
import { appendSignal, pullSubscription } from '../../../adapters/eventstore/pullSubscription.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';
import { tempDir } from '../../support/tempDir.js';

/**
 * A subscription told of appends as news with their events (this process's own, and a read of the
 * tail made once for all subscriptions): it takes them in order from where it stands, waits for
 * news that fills a gap when the store says it is coming, and reads the log itself only when it
 * must.
 */
describe('a subscription told of appends as news', function () {
  this.timeout(10_000);

  const withLog = async (
    work: (log: {
      append: (count: number) => Promise<RecordedEvent[]>;
      signal: ReturnType<typeof appendSignal>;
      reads: () => number;
      handled: string[];
      start: (after: Position, handler?: () => Promise<void>) => { stop: () => Promise<void> };
    }) => Promise<void>,
  ) => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const store = sqliteEventStore(db);
    const signal = appendSignal();
    let reads = 0;
    let n = 0;
    const handled: string[] = [];
    const subscriptions: Array<{ stop: () => Promise<void> }> = [];
    try {
      await work({
        append: async (count) => {
          const before = (await store.headPosition()) ?? undefined;
          for (let i = 0; i < count; i++)
            await store.append(`s-${++n}`, [newEvent('news.told')], 'no_stream');
          const page = await store.readAll({ ...(before && { after: before }), limit: 100 });
          return page.events;
        },
        signal,
        reads: () => reads,
        handled,
        start: (after, handler) => {
          const subscription = pullSubscription(
            (options) => (reads++, store.readAll(options)),
            signal,
            { after },
            async (events) => {
              await handler?.();
              handled.push(...events.map((event) => event.position));
            },
          );
          subscriptions.push(subscription);
          return subscription;
        },
      });
    } finally {
      for (const subscription of subscriptions) await subscription.stop();
      await store.close();
      db.close();
      dir.remove();
    }
  };

  const news = (events: readonly RecordedEvent[], before: Position): AppendNews => ({
    unknown: false,
    before,
    last: events[events.length - 1]!.position,
    events,
  });

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(done()).to.equal(true);
  };

  it('takes overlapping news in order from where it stands, and reads nothing', () =>
    withLog(async (log) => {
      const [first] = await log.append(1);
      log.start(first!.position);
      await until(() => log.reads() === 1);
      const events = await log.append(4);
      const [a, b, c, d] = events;
      // Its own append (the last two), told before a read of the tail that covers all four.
      log.signal.notify(news([c!, d!], b!.position));
      log.signal.notify(news([a!, b!, c!, d!], first!.position));
      await until(() => log.handled.length === 4);
      expect(log.handled).to.deep.equal(events.map((event) => event.position));
      expect(log.reads(), 'reads of the log').to.equal(1);
    }));

  it('waits for news that fills a gap when the store says it is coming, even news that came while its handler ran', () =>
    withLog(async (log) => {
      const [first] = await log.append(1);
      let release: (() => void) | undefined;
      let holding = false;
      log.signal.coming = () => true;
      log.start(first!.position, async () => {
        if (holding) await new Promise<void>((resolve) => (release = resolve));
      });
      await until(() => log.reads() === 1);
      const [a, b, c] = await log.append(3);
      holding = true;
      // The first, and an append after a gap: one turn hands the first, and the rest waits.
      log.signal.notify(news([a!], first!.position));
      log.signal.notify(news([c!], b!.position));
      await until(() => release !== undefined);
      holding = false;
      // While the handler holds the first, what fills the gap comes.
      log.signal.notify(news([b!, c!], a!.position));
      release!();
      await until(() => log.handled.length === 3);
      expect(log.handled).to.deep.equal([a, b, c].map((event) => event!.position));
      expect(log.reads(), 'reads of the log').to.equal(1);
    }));

  it('reads the log itself when it joined after a read of the tail began (its filter may not have been read)', () =>
    withLog(async (log) => {
      const [first] = await log.append(1);
      const before = log.signal.wanted();
      log.start(first!.position);
      await until(() => log.reads() === 1);
      const [a] = await log.append(1);
      // A read that began before this subscription listened: its events were chosen for others.
      log.signal.notify({
        unknown: false,
        before: first!.position,
        events: [],
        last: a!.position,
        readFor: before.joined,
      });
      await until(() => log.handled.length === 1);
      expect(log.handled).to.deep.equal([a!.position]);
      expect(log.reads(), 'reads of the log').to.equal(2);
    }));

  it('reads the log itself when the news that would fill a gap does not come', () =>
    withLog(async (log) => {
      const [first] = await log.append(1);
      log.signal.coming = () => true;
      log.start(first!.position);
      await until(() => log.reads() === 1);
      const [a, b] = await log.append(2);
      log.signal.notify(news([b!], a!.position));
      await until(() => log.handled.length === 2);
      expect(log.handled).to.deep.equal([a!.position, b!.position]);
      expect(log.reads(), 'reads of the log').to.equal(2);
    }));
});
