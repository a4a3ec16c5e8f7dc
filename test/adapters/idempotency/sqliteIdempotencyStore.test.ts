import { join } from 'node:path';
import { sqliteIdempotencyStore } from '../../../adapters/idempotency/sqlite/sqliteIdempotencyStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { tempDir } from '../../support/tempDir.js';
import { idempotencyStoreContract } from './idempotencyStore.contract.js';

idempotencyStoreContract('sqlite', () => {
  const dir = tempDir();
  const db = openSqlite({ file: join(dir.path, 'sluice.db') });
  return Promise.resolve({
    store: sqliteIdempotencyStore(db),
    close: () => {
      db.close();
      dir.remove();
      return Promise.resolve();
    },
  });
});
