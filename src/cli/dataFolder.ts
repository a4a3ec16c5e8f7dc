import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import { allProjections } from '../../projections/index.js';
import type { Config } from '../config/config.js';
import { ConfigError, loadConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { createLogger } from '../logging/logger.js';
import { DataFolderBusy } from '../modes/dataFolderLock.js';
import type { EmbeddedStores } from '../modes/embeddedStores.js';
import { DATABASE_FILE, openEmbeddedStores } from '../modes/embeddedStores.js';
import type { Projector } from '../projector/projector.js';
import { startProjector } from '../projector/projector.js';
import { CliError, note } from './output.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { DataKeys } from '../payloads/dataKeys.js';
import { dataKeys } from '../payloads/dataKeys.js';
import { encryptionKeys } from '../payloads/keyRotation.js';
import { sealingEventStore } from '../payloads/sealingEventStore.js';
import { loadEncryptionKey } from '../secrets/encryptionKey.js';

/** Who the events the tool appends name as their cause. */
export const CLI_ACTOR = 'sluice:cli';

export const cliMetadata = (merchantId: string | null): EventMetadata => ({
  merchant_id: merchantId,
  actor: CLI_ACTOR,
  request_id: null,
  correlation_id: null,
  causation_id: null,
});

export type Session = {
  config: Config;
  stores: EmbeddedStores;
  logger: Logger;
  /** The merchants' data keys, and the log with its payloads sealed and opened by them. */
  keys: DataKeys;
  log: EventStore;
};

const configFor = (dataDir: string): Config => {
  let config: Config;
  try {
    config = loadConfig({ ...process.env, SLUICE_DATA_DIR: dataDir });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`configuration error: ${error.message}`);
    throw error;
  }
  if (config.mode === 'distributed')
    throw new CliError(
      'the command-line tool works on the embedded data folder; in the distributed mode, use the HTTP API',
    );
  return config;
};

/**
 * Runs `work` on the data folder's stores with the folder locked for this command: refused while
 * a server (or another command) holds it. A folder without a database is refused too, rather
 * than silently created: a mistyped --data-dir must not look like an empty installation.
 */
export const withDataFolder = async <T>(
  dataDir: string,
  command: string,
  work: (session: Session) => Promise<T>,
): Promise<T> => {
  const config = configFor(dataDir);
  if (!existsSync(join(config.dataDir, DATABASE_FILE)))
    throw new CliError(
      `no Sluice data in ${config.dataDir} (no ${DATABASE_FILE}); pass --data-dir or set SLUICE_DATA_DIR`,
    );
  // Warnings and errors only, on stderr: stdout is the command's output.
  const logger = createLogger({
    level: process.env.LOG_LEVEL ?? 'warn',
    destination: pino.destination({ dest: 2, sync: true }),
  });
  let stores: EmbeddedStores;
  try {
    stores = await openEmbeddedStores(config, {
      holder: `sluice ${command}`,
      onLockLost: (error) =>
        note(`sluice: warning: the data folder lock was lost: ${error.message}`),
    });
  } catch (error) {
    if (error instanceof DataFolderBusy)
      throw new CliError(
        `${error.message}; stop it first (while the server runs, use its HTTP API)`,
      );
    throw error;
  }
  try {
    const secrets = await encryptionKeys(
      loadEncryptionKey(config.encryptionKey, config.dataDir),
      stores.payloadKeys,
    );
    const keys = dataKeys(stores.payloadKeys, secrets, {
      ...(config.payloadRetentionMs !== undefined && { retentionMs: config.payloadRetentionMs }),
    });
    const log = sealingEventStore(stores.eventStore, keys, {
      seal: config.payloadEncryption,
      now: () => new Date(),
    });
    return await work({ config, stores, logger, keys, log });
  } finally {
    await stores.close();
  }
};

/** Waits until every projection has applied the log up to its head; a failing one is reported. */
export const catchUp = async (session: Session, projector: Projector): Promise<void> => {
  const head = await session.stores.eventStore.headPosition();
  while (!(await projector.caughtUp(head, 1000))) {
    const failing = (await projector.status()).find((p) => p.status === 'failing');
    if (failing)
      throw new CliError(
        `projection ${failing.name} fails: ${failing.last_error ?? 'unknown error'}; see sluice projections rebuild`,
      );
  }
};

/**
 * Runs `work` with the projector the server runs, applied inline, so that the read models the
 * command reads are current and those of the events it appends are written with them.
 */
export const withProjector = async <T>(
  session: Session,
  work: (projector: Projector) => Promise<T>,
  options: { catchUp: boolean } = { catchUp: true },
): Promise<T> => {
  const projector = await startProjector(
    session.stores.eventStore,
    session.stores.readStore,
    allProjections,
    session.logger,
    { inline: true },
  );
  try {
    if (options.catchUp) await catchUp(session, projector);
    const result = await work(projector);
    if (options.catchUp) await catchUp(session, projector);
    return result;
  } finally {
    await projector.stop();
  }
};
