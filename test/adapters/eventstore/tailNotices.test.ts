import { expect } from 'chai';
import { join } from 'node:path';
import type { AppendNotice } from '../../../adapters/eventstore/postgres/appendNotices.js';
import { tailReader } from '../../../adapters/eventstore/postgres/tailReader.js';
import { appendSignal, pullSubscription } from '../../../adapters/eventstore/pullSubscription.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';
import { tempDir } from '../../support/tempDir.js';

/**
 * The appends of other processes as their notices tell them: a notice carries its events when they
 * fit, and one that follows on from what this process was told is told to its subscriptions as it
 * is; the rest is read from the log, once, as far as the notices say is committed.
 */
describe('the appends of other processes, told by their notices', function () {
  this.timeout(10_000);

  const withReader = async (
    work: (tail: {
      append: (count: number) => Promise<{ before: Position; events: RecordedEvent[] }>;
      reader: ReturnType<typeof tailReader>;
      signal: ReturnType<typeof appendSignal>;
      reads: Array<{ after: Position | undefined; head: Position | undefined }>;
      headLookups: () => number;
      handled: string[];
      /** Holds every read of the tail until the returned function is called. */
      holdReads: () => () => void;
    }) => Promise<void>,
  ) => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const store = sqliteEventStore(db);
    const signal = appendSignal();
    const reads: Array<{ after: Position | undefined; head: Position | undefined }> = [];
    let headLookups = 0;
    let gate: Promise<void> | undefined;
    let n = 0;
    const handled: string[] = [];
    // A log of one event, which the subscription reads for itself as it starts.
    await store.append('s-0', [newEvent('news.told')], 'no_stream');
    const start = (await store.headPosition()) ?? undefined;
    const reader = tailReader(
      async (after, _filters, limit, head) => {
        reads.push({ after, head });
        await gate;
        const page = await store.readAll({ ...(after && { after }), limit });
        if (head === undefined) return page;
        // As far as the head it was given, as the log's own read of the tail goes.
        const events = page.events.filter((event) => Number(event.position) <= Number(head));
        return { events, scannedTo: head, atEnd: true };
      },
      async () => {
        headLookups++;
        return (await store.headPosition()) ?? undefined;
      },
      signal,
      start,
    );
    // The subscription's own reads are the store's: none is expected once it has started.
    const subscription = pullSubscription(
      (options) => store.readAll(options),
      signal,
      {},
      (events) => {
        handled.push(...events.map((event) => event.position));
        return Promise.resolve();
      },
    );
    try {
      await work({
        append: async (count) => {
          const before = (await store.headPosition())!;
          for (let i = 0; i < count; i++)
            await store.append(`s-${++n}`, [newEvent('news.told')], 'no_stream');
          const page = await store.readAll({ after: before, limit: 100 });
          return { before, events: page.events };
        },
        reader,
        signal,
        reads,
        headLookups: () => headLookups,
        handled,
        holdReads: () => {
          let open: () => void = () => undefined;
          gate = new Promise<void>((resolve) => (open = resolve));
          return () => {
            gate = undefined;
            open();
          };
        },
      });
    } finally {
      await subscription.stop();
      await store.close();
      db.close();
      dir.remove();
    }
  };

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(done()).to.equal(true);
  };

  const noticeOf = (before: Position, events: RecordedEvent[]): AppendNotice => ({
    before,
    last: events[events.length - 1]!.position,
    events,
  });

  it('tells a notice that follows on from what was told as it is, and reads nothing', () =>
    withReader(async (tail) => {
      await until(() => tail.handled.length === 1);
      const second = await tail.append(3);
      tail.reader.othersAppended(noticeOf(second.before, second.events));
      await until(() => tail.handled.length === 4);
      expect(tail.handled.slice(1)).to.deep.equal(second.events.map((event) => event.position));
      expect(tail.reads, 'reads of the tail').to.deep.equal([]);
    }));

  it('reads a stretch whose notice came before an earlier one, as far as the notice says, without asking for the head', () =>
    withReader(async (tail) => {
      await until(() => tail.handled.length === 1);
      const earlier = await tail.append(2);
      const later = await tail.append(2);
      tail.reader.othersAppended(noticeOf(later.before, later.events));
      await until(() => tail.handled.length === 5);
      // The earlier notice comes last: what it tells was read.
      tail.reader.othersAppended(noticeOf(earlier.before, earlier.events));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(tail.reads).to.deep.equal([
        { after: earlier.before, head: later.events[1]!.position },
      ]);
      expect(tail.headLookups(), 'lookups of the head').to.equal(0);
      expect(tail.handled).to.have.length(5);
    }));

  it('waits a moment for a notice that a later one overtook, and tells both in order without reading', () =>
    withReader(async (tail) => {
      await until(() => tail.handled.length === 1);
      const earlier = await tail.append(2);
      const later = await tail.append(2);
      // Sent after their commits by two processes, the later notice comes first, by a moment.
      tail.reader.othersAppended(noticeOf(later.before, later.events));
      await new Promise((resolve) => setTimeout(resolve, 5));
      tail.reader.othersAppended(noticeOf(earlier.before, earlier.events));
      await until(() => tail.handled.length === 5);
      expect(tail.reads, 'reads of the tail').to.deep.equal([]);
      expect(tail.handled.slice(1)).to.deep.equal(
        [...earlier.events, ...later.events].map((event) => event.position),
      );
    }));

  it('waits a moment for the notices of appends that committed before one of its own', () =>
    withReader(async (tail) => {
      await until(() => tail.handled.length === 1);
      const others = await tail.append(2);
      const own = await tail.append(1);
      // This process's own append, told to its subscriptions as it committed, before the notice
      // of the other process's earlier commit has come.
      const last = own.events[0]!.position;
      tail.signal.notify({ unknown: false, before: own.before, last, events: own.events });
      tail.reader.appended(own.before, last);
      await new Promise((resolve) => setTimeout(resolve, 5));
      tail.reader.othersAppended(noticeOf(others.before, others.events));
      await until(() => tail.handled.length === 4);
      expect(tail.reads, 'reads of the tail').to.deep.equal([]);
      // And what follows on from its own append is told as it comes.
      const next = await tail.append(1);
      tail.reader.othersAppended(noticeOf(next.before, next.events));
      await until(() => tail.handled.length === 5);
      expect(tail.reads, 'reads of the tail').to.deep.equal([]);
    }));

  it('reads what an overtaken notice was to tell when it does not come', () =>
    withReader(async (tail) => {
      await until(() => tail.handled.length === 1);
      await tail.append(2);
      const later = await tail.append(2);
      // The earlier notice is lost: the later one waits a moment, then its stretch is read.
      tail.reader.othersAppended(noticeOf(later.before, later.events));
      await until(() => tail.handled.length === 5);
      expect(tail.reads).to.have.length(1);
    }));

  it('tells the notices that came during a read after it, without reading again', () =>
    withReader(async (tail) => {
      await until(() => tail.handled.length === 1);
      const gap = await tail.append(1);
      const after = await tail.append(1);
      const release = tail.holdReads();
      // Out of order: a read begins, and is held.
      tail.reader.othersAppended(noticeOf(after.before, after.events));
      await until(() => tail.reads.length === 1);
      const more = await tail.append(2);
      tail.reader.othersAppended(noticeOf(more.before, more.events));
      release();
      await until(() => tail.handled.length === 5);
      expect(tail.reads, 'reads of the tail').to.have.length(1);
      expect(tail.handled.slice(1)).to.deep.equal(
        [...gap.events, ...after.events, ...more.events].map((event) => event.position),
      );
    }));
});
