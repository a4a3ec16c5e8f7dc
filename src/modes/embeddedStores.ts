import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { sqliteEventStore } from '../../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { IdempotencyStore } from '../../adapters/idempotency/port.js';
import { sqliteIdempotencyStore } from '../../adapters/idempotency/sqlite/sqliteIdempotencyStore.js';
import type { PayloadKeyStore } from '../../adapters/payloadkeys/port.js';
import {
  KEYS_FILE,
  sqlitePayloadKeys,
} from '../../adapters/payloadkeys/sqlite/sqlitePayloadKeys.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import { sqliteReadStore } from '../../adapters/readstore/sqlite/sqliteReadStore.js';
import { startBackgroundCheckpoints } from '../../adapters/sqlite/backgroundCheckpoints.js';
import { OWNER_ONLY_FOLDER, openSqlite } from '../../adapters/sqlite/database.js';
import type { Config } from '../config/config.js';
import { lockDataFolder } from './dataFolderLock.js';

export type EmbeddedStores = {
  eventStore: EventStore;
  readStore: ReadStore;
  idempotency: IdempotencyStore;
  /** The merchants' data keys, in a file of their own (`keys.db`). */
  payloadKeys: PayloadKeyStore;
  close: () => Promise<void>;
};

export const DATABASE_FILE = 'sluice.db';

/**
 * The embedded mode's stores, all in one SQLite file of the data folder, opened by the server and
 * by the command-line tool alike: whoever opens them holds the folder's lock until `close`.
 */
export const openEmbeddedStores = async (
  config: Pick<Config, 'dataDir' | 'sqliteSynchronous'>,
  options: { holder: string; onLockLost: (error: Error) => void },
): Promise<EmbeddedStores> => {
  mkdirSync(config.dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  const lock = await lockDataFolder(config.dataDir, options.holder, options.onLockLost);
  try {
    const file = join(config.dataDir, DATABASE_FILE);
    const db = openSqlite({
      file,
      synchronous: config.sqliteSynchronous,
    });
    const eventStore = sqliteEventStore(db);
    const checkpoints = startBackgroundCheckpoints(db, file);
    const payloadKeys = sqlitePayloadKeys(join(config.dataDir, KEYS_FILE));
    return {
      eventStore,
      readStore: sqliteReadStore(db),
      idempotency: sqliteIdempotencyStore(db),
      payloadKeys,
      close: async () => {
        await eventStore.close();
        await payloadKeys.close();
        await checkpoints.stop();
        db.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
};
