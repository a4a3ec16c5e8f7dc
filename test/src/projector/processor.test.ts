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
import { startBatchProcessor } from '../../../src/projector/processor.js';
import { processorCheckpoint } from '../../../src/projector/processorCheckpoint.js';
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

describe('batch processor', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: SqliteDatabase;
  let events: EventStore;
  let reads: ReadStore;
  const services = () => ({
    feed: logFeed(events, (group) => processorCheckpoint(reads, group)),
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
    const processor = await startBatchProcessor(
      services(),
      'test_batches',
      { streamPrefixes: ['count-'] },
      (batch) => {
        batches.push(batch.map((event) => event.stream));
        if (failures-- > 0) return Promise.reject(new Error('not now'));
        return Promise.resolve();
      },
    );
    await Promise.all([append('count-a'), append('other-x'), append('count-b')]);
    await until(() => batches.length === 2);
    await processor.stop();
    expect(batches).to.deep.equal([
      ['count-a', 'count-b'],
      ['count-a', 'count-b'],
    ]);
  });

  it('resumes after its checkpoint on a restart', async () => {
    const seen: string[] = [];
    const handle = (batch: readonly { stream: string }[]) => {
      seen.push(...batch.map((event) => event.stream));
      return Promise.resolve();
    };
    const filter = { streamPrefixes: ['count-'] };
    const first = await startBatchProcessor(services(), 'test_resume', filter, handle);
    await append('count-a');
    await until(() => seen.length === 1);
    await first.stop();
    await append('count-b');
    const second = await startBatchProcessor(services(), 'test_resume', filter, handle);
    await until(() => seen.length === 2);
    await second.stop();
    expect(seen).to.deep.equal(['count-a', 'count-b']);
  });
});
