import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { join } from 'node:path';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import type { SqliteDatabase } from '../../../adapters/sqlite/database.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { silentLogger } from '../../../src/logging/logger.js';
import type { Processor } from '../../../src/processing/processor.js';
import { runOnFeed, runOnLog } from '../../../src/processing/processor.js';
import { keptCheckpoint } from '../../../src/processing/keptCheckpoint.js';
import { workerHealth } from '../../../src/processing/workerHealth.js';
import { logFeed } from '../../../adapters/transport/log/logFeed.js';
import { newEvent } from '../../support/events.js';
import { tempDir } from '../../support/tempDir.js';

const until = async (done: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('processors', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: SqliteDatabase;
  let events: EventStore;
  let reads: ReadStore;
  const services = () => ({
    feed: logFeed(events, (group) => keptCheckpoint(reads, group)),
    logger: silentLogger(),
  });

  const append = async (stream: string) => {
    const result = await events.append(stream, [newEvent('count.tick')], 'any');
    if (isLeft(result)) throw new Error('append refused');
  };

  beforeEach(() => {
    dir = tempDir();
    db = openSqlite({ file: join(dir.path, 'sluice.db') });
    events = sqliteEventStore(db);
    reads = sqliteReadStore(db);
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });

  it('hands over the appends of a turn as one batch, and tries a failing batch again whole', async () => {
    const batches: string[][] = [];
    let failures = 1;
    const processor = await runOnFeed(
      services().feed,
      {
        name: 'test_batches',
        filter: { streamPrefixes: ['count-'] },
        handle: (batch) => {
          batches.push(batch.map((event) => event.stream));
          if (failures-- > 0) return Promise.reject(new Error('not now'));
          return Promise.resolve();
        },
      },
      services(),
    );
    await Promise.all([append('count-a'), append('other-x'), append('count-b')]);
    await until(() => batches.length === 2);
    await processor.stop();
    expect(batches).to.deep.equal([
      ['count-a', 'count-b'],
      ['count-a', 'count-b'],
    ]);
  });

  const counting = (name: string, seen: string[]): Processor => ({
    name,
    filter: { streamPrefixes: ['count-'] },
    handle: (batch) => {
      seen.push(...batch.map((event) => event.stream));
      return Promise.resolve();
    },
  });

  it('resumes on the feed after its checkpoint on a restart', async () => {
    const seen: string[] = [];
    const first = await runOnFeed(services().feed, counting('test_resume', seen), services());
    await append('count-a');
    await until(() => seen.length === 1);
    await first.stop();
    await append('count-b');
    const second = await runOnFeed(services().feed, counting('test_resume', seen), services());
    await until(() => seen.length === 2);
    await second.stop();
    expect(seen).to.deep.equal(['count-a', 'count-b']);
  });

  it('resumes on the log after its kept checkpoint, and tries a failing batch again', async () => {
    const seen: string[] = [];
    const kept = async () => ({
      kind: 'kept' as const,
      checkpoint: await keptCheckpoint(reads, 'test_log'),
    });
    const first = await runOnLog(events, counting('test_log', seen), await kept(), services());
    await append('count-a');
    await until(() => seen.length === 1);
    await first.stop();
    await append('count-b');
    let failures = 2;
    const flaky: Processor = {
      ...counting('test_log', seen),
      handle: (batch) => {
        if (failures-- > 0) return Promise.reject(new Error('not now'));
        seen.push(...batch.map((event) => event.stream));
        return Promise.resolve();
      },
    };
    const second = await runOnLog(events, flaky, await kept(), services());
    await until(() => seen.length === 2, 10_000);
    await second.stop();
    expect(seen).to.deep.equal(['count-a', 'count-b']);
    expect(failures).to.equal(-1);
  });

  it('keeps nothing when asked not to: it hears only what is appended after its start', async () => {
    await append('count-before');
    const seen: string[] = [];
    const news = await runOnLog(events, counting('test_news', seen), { kind: 'none' }, services());
    await append('count-after');
    await until(() => seen.length === 1);
    await news.stop();
    expect(seen).to.deep.equal(['count-after']);
    expect(await reads.state('test_news')).to.equal(undefined);
  });
  it('says the process is not ready while a batch keeps failing, and ready again once it passes', async () => {
    const health = workerHealth(silentLogger());
    let failures = 2;
    const seen: boolean[] = [];
    const processor = await runOnFeed(
      services().feed,
      {
        name: 'test_health',
        filter: { streamPrefixes: ['count-'] },
        handle: () => {
          seen.push(health.troubled().some((w) => w.worker === 'test_health'));
          if (failures-- > 0) return Promise.reject(new Error('statement timeout'));
          return Promise.resolve();
        },
      },
      { ...services(), health },
    );
    try {
      await append('count-1');
      await until(() => seen.length === 3, 10_000);
      // Not troubled at the first try; troubled at the second and third, after failures.
      expect(seen).to.deep.equal([false, true, true]);
      expect(health.troubled()).to.deep.equal([]);
    } finally {
      await processor.stop();
    }
  });
});
