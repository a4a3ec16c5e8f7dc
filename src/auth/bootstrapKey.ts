import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiKey } from './apiKeySecret.js';

export type BootstrapKey = {
  key: string;
  source: 'environment' | 'file';
  file?: string;
  created: boolean;
};

/**
 * The admin key that opens a fresh installation: SLUICE_ADMIN_KEY when set; otherwise the key in
 * `<data dir>/admin.key`, generated (mode 0600) on the first start.
 */
export const bootstrapAdminKey = (fromEnv: string | undefined, dataDir: string): BootstrapKey => {
  if (fromEnv) return { key: fromEnv, source: 'environment', created: false };
  const file = join(dataDir, 'admin.key');
  if (existsSync(file)) {
    return { key: readFileSync(file, 'utf8').trim(), source: 'file', file, created: false };
  }
  const key = generateApiKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { key, source: 'file', file, created: true };
};
