import { join } from 'node:path';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { tempDir } from '../../support/tempDir.js';
import { eventStoreContract } from './eventStore.contract.js';

eventStoreContract('sqlite', () => {
  const dir = tempDir();
  const db = openSqlite({ file: join(dir.path, 'sluice.db') });
  const store = sqliteEventStore(db);
  return Promise.resolve({
    store,
    close: async () => {
      await store.close();
      db.close();
      dir.remove();
    },
  });
});
