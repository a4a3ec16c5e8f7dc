import { join } from 'node:path';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { tempDir } from '../../support/tempDir.js';
import { readStoreContract } from './readStore.contract.js';

readStoreContract('sqlite', () => {
  const dir = tempDir();
  const db = openSqlite({ file: join(dir.path, 'sluice.db') });
  return Promise.resolve({
    store: sqliteReadStore(db),
    close: () => {
      db.close();
      dir.remove();
      return Promise.resolve();
    },
  });
});
