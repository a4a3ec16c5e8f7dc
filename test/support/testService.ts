import { randomBytes, randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config/config.js';
import type { Logger } from '../../src/logging/logger.js';
import { silentLogger } from '../../src/logging/logger.js';
import { startDistributed } from '../../src/modes/distributed.js';
import type { RunningService } from '../../src/modes/embedded.js';
import { startEmbedded } from '../../src/modes/embedded.js';
import { apiClient } from './apiClient.js';
import type { ApiClient } from './apiClient.js';
import { postgresModeEnv } from './postgresMode.js';
import { tempDir } from './tempDir.js';

export type TestService = RunningService & {
  api: ApiClient;
  admin: string;
  dataDir: string;
  /** Closes the service and removes its data folder. */
  stop: () => Promise<void>;
};

/**
 * The mode the tests' services run in (SLUICE_TEST_MODE, unless a suite names its own): embedded;
 * with `postgres`, every role in one process on POSTGRES_URL, each service in a schema of its own
 * (dropped when it stops); with `distributed`, every role in one process against the servers of
 * EVENTSTORE_URL, MONGO_URL and KAFKA_BROKERS, each service with a database and a topic of its own
 * (EventStoreDB's log is shared: start it empty).
 */
const startService = async (
  env: Record<string, string>,
  logger: Logger,
  mode: string | undefined,
): Promise<RunningService> => {
  if (mode !== 'distributed' && mode !== 'postgres') return startEmbedded(loadConfig(env), logger);
  const run = randomUUID().replace(/-/g, '').slice(0, 12);
  const keys = {
    SLUICE_ADMIN_KEY: `sk_test_distributed_admin_${run}_0000`,
    ...env,
    SLUICE_MODE: 'distributed',
    SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  if (mode === 'postgres') {
    return startDistributed(
      loadConfig({ ...env, ...postgresModeEnv(env.SLUICE_DATA_DIR ?? run, env.SLUICE_ADMIN_KEY) }),
      logger,
    );
  }
  const servers = ['EVENTSTORE_URL', 'MONGO_URL', 'KAFKA_BROKERS'] as const;
  return startDistributed(
    loadConfig({
      ...keys,
      ...Object.fromEntries(servers.map((name) => [name, process.env[name]])),
      SLUICE_MONGO_DATABASE: `sluice_e2e_${run}`,
      SLUICE_KAFKA_TOPIC: `sluice.e2e.${run}`,
    }),
    logger,
  );
};

/**
 * A whole service on 127.0.0.1 and a free port, with a fresh data folder (see startService); in
 * `options.mode` when given (a suite that runs on one store whatever SLUICE_TEST_MODE says).
 */
export const startTestService = async (
  env: Record<string, string> = {},
  options: { dataDir?: string; logger?: Logger; mode?: 'embedded' | 'postgres' } = {},
): Promise<TestService> => {
  const dir = options.dataDir ? undefined : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  const service = await startService(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      SLUICE_DATA_DIR: dataDir,
      SLUICE_ALLOW_HTTP_URLS: 'true',
      SLUICE_ALLOW_PRIVATE_URLS: 'true',
      ...env,
    },
    options.logger ?? silentLogger(),
    options.mode ?? process.env.SLUICE_TEST_MODE,
  );
  return {
    ...service,
    api: apiClient(service.url),
    admin: service.adminKey.key,
    dataDir,
    stop: async () => {
      await service.close();
      dir?.remove();
    },
  };
};
