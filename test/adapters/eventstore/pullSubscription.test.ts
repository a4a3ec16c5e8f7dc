import { expect } from 'chai';
import { join } from 'node:path';
import type { ReadAllOptions, SubscriptionTrouble } from '../../../adapters/eventstore/port.js';
import { appendSignal, pullSubscription } from '../../../adapters/eventstore/pullSubscription.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';
import { tempDir } from '../../support/tempDir.js';

/**
 * A subscription on the embedded log whose reads or handler fail as a database's would (a dropped
 * connection, a statement timeout): it must go on from where it stood, never end.
 */
describe('a subscription on the log, when a turn fails', function () {
  this.timeout(10_000);

  const withLog = async (
    work: (log: {
      append: (type: string) => Promise<void>;
      readAll: (
        options: ReadAllOptions,
      ) => ReturnType<ReturnType<typeof sqliteEventStore>['readAll']>;
    }) => Promise<void>,
  ) => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const store = sqliteEventStore(db);
    let n = 0;
    try {
      await work({
        append: async (type) => {
          await store.append(`s-${++n}`, [newEvent(type)], 'no_stream');
        },
        readAll: (options) => store.readAll(options),
      });
    } finally {
      await store.close();
      db.close();
      dir.remove();
    }
  };

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(done()).to.equal(true);
  };

  it('reads again from its cursor after a read fails, and says so until it recovers', () =>
    withLog(async (log) => {
      const signal = appendSignal();
      const seen: string[] = [];
      const troubles: Array<SubscriptionTrouble | undefined> = [];
      let failNext = 0;
      const subscription = pullSubscription(
        (options) =>
          failNext-- > 0
            ? Promise.reject(new Error('Connection terminated unexpectedly'))
            : log.readAll(options),
        signal,
        { onTrouble: (trouble) => troubles.push(trouble) },
        (events: readonly RecordedEvent[]) => {
          seen.push(...events.map((e) => e.type));
          return Promise.resolve();
        },
      );
      try {
        await log.append('a.one');
        signal.notify({ unknown: true });
        await until(() => seen.length === 1);
        failNext = 2;
        await log.append('a.two');
        await log.append('a.three');
        signal.notify({ unknown: true });
        await until(() => seen.length === 3);
        expect(seen).to.deep.equal(['a.one', 'a.two', 'a.three']);
        expect(troubles.map((t) => t?.failures)).to.deep.equal([1, 2, undefined]);
        expect(troubles[0]!.error.message).to.equal('Connection terminated unexpectedly');
      } finally {
        await subscription.stop();
      }
    }));

  it('hands a batch whose handler failed again, whole, and nothing after it meanwhile', () =>
    withLog(async (log) => {
      const signal = appendSignal();
      const handed: string[][] = [];
      let failures = 1;
      const subscription = pullSubscription(
        (options) => log.readAll(options),
        signal,
        {},
        (events: readonly RecordedEvent[]) => {
          handed.push(events.map((e) => e.type));
          if (failures-- > 0) return Promise.reject(new Error('statement timeout'));
          return Promise.resolve();
        },
      );
      try {
        await log.append('b.one');
        await log.append('b.two');
        signal.notify({ unknown: true });
        await until(() => handed.length === 2);
        expect(handed).to.deep.equal([
          ['b.one', 'b.two'],
          ['b.one', 'b.two'],
        ]);
        await log.append('b.three');
        signal.notify({ unknown: true });
        await until(() => handed.length === 3);
        expect(handed[2]).to.deep.equal(['b.three']);
      } finally {
        await subscription.stop();
      }
    }));
});
