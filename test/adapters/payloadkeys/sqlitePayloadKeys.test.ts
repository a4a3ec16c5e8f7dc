import { join } from 'node:path';
import {
  KEYS_FILE,
  sqlitePayloadKeys,
} from '../../../adapters/payloadkeys/sqlite/sqlitePayloadKeys.js';
import { tempDir } from '../../support/tempDir.js';
import { payloadKeyStoreContract } from './payloadKeyStore.contract.js';

payloadKeyStoreContract('sqlite', () => {
  const dir = tempDir();
  const store = sqlitePayloadKeys(join(dir.path, KEYS_FILE));
  return Promise.resolve({
    store,
    close: async () => {
      await store.close();
      dir.remove();
    },
  });
});
