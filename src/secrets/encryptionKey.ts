import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * The key that seals endpoint secrets: SLUICE_ENCRYPTION_KEY (base64 of 32 bytes) when set;
 * otherwise `<data dir>/encryption.key`, generated (mode 0600) on the first start. Losing it
 * loses every endpoint's secret, so it belongs in the same backups as the data.
 */
export const loadEncryptionKey = (fromEnv: Buffer | undefined, dataDir: string): Buffer => {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'encryption.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a base64 key of 32 bytes.`);
    return key;
  }
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
};
