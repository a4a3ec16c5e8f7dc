import { postgresPayloadKeys } from '../../adapters/payloadkeys/postgres/postgresPayloadKeys.js';
import { openPostgres } from '../../adapters/postgres/database.js';
import type { Config } from '../config/config.js';
import { ConfigError, loadConfig } from '../config/config.js';
import type { Rotation } from '../payloads/keyRotation.js';
import { rotateEncryptionKey } from '../payloads/keyRotation.js';
import { CliError } from './output.js';

/**
 * The distributed mode on PostgreSQL, as the environment configures it, when it does: its data keys
 * are rotated in its schema directly, every process of the deployment being stopped (nothing locks
 * them out as the data folder's lock does: a process still running would wrap new keys under the
 * old encryption key).
 */
export const postgresDeployment = (): Config | undefined => {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`configuration error: ${error.message}`);
    throw error;
  }
  if (config.mode !== 'distributed') return undefined;
  if (config.backend !== 'postgres')
    throw new CliError(
      'the encryption key of the design card’s servers is rotated by a process of the deployment; ' +
        'the command-line tool rotates it on the embedded data folder or on PostgreSQL (POSTGRES_URL)',
    );
  return config;
};

export const rotateOnPostgres = async (
  config: Config,
  next: Buffer | undefined,
): Promise<Rotation> => {
  const db = await openPostgres({
    url: config.postgresUrl!,
    schema: config.postgresSchema,
    max: 2,
  });
  try {
    const current = config.encryptionKey!;
    if (next?.equals(current))
      throw new CliError('the new encryption key is the current one; give another, or none');
    return await rotateEncryptionKey(current, await postgresPayloadKeys(db), next);
  } finally {
    await db.close();
  }
};
