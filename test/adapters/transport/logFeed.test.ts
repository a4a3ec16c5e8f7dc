import { isLeft } from 'fp-ts/lib/Either.js';
import { join } from 'node:path';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { logFeed } from '../../../adapters/transport/log/logFeed.js';
import { keptCheckpoint } from '../../../src/processing/keptCheckpoint.js';
import { newEvent } from '../../support/events.js';
import { tempDir } from '../../support/tempDir.js';
import { eventFeedContract } from './eventFeed.contract.js';

eventFeedContract('the local log (embedded)', () => {
  const dir = tempDir();
  const db = openSqlite({ file: join(dir.path, 'sluice.db') });
  const events = sqliteEventStore(db);
  const reads = sqliteReadStore(db);
  return Promise.resolve({
    feed: logFeed(events, (group) => keptCheckpoint(reads, group)),
    append: async (stream, types) => {
      const appended = await events.append(
        stream,
        types.map((type) => newEvent(type)),
        'any',
      );
      if (isLeft(appended)) throw new Error('append refused');
    },
    group: (name) => name,
    close: async () => {
      await events.close();
      db.close();
      dir.remove();
    },
  });
});
