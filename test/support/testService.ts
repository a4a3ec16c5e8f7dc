import type { Config } from '../../src/config/config.js';
import { loadConfig } from '../../src/config/config.js';
import type { Logger } from '../../src/logging/logger.js';
import { silentLogger } from '../../src/logging/logger.js';
import type { RunningService } from '../../src/modes/embedded.js';
import { startEmbedded } from '../../src/modes/embedded.js';
import { apiClient } from './apiClient.js';
import type { ApiClient } from './apiClient.js';
import { tempDir } from './tempDir.js';

export type TestService = RunningService & {
  api: ApiClient;
  admin: string;
  dataDir: string;
  /** Closes the service and removes its data folder. */
  stop: () => Promise<void>;
};

/** A whole embedded service on 127.0.0.1 and a free port, with a fresh data folder. */
export const startTestService = async (
  env: Record<string, string> = {},
  options: { dataDir?: string; logger?: Logger } = {},
): Promise<TestService> => {
  const dir = options.dataDir ? undefined : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  const config: Config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SLUICE_DATA_DIR: dataDir,
    SLUICE_ALLOW_HTTP_URLS: 'true',
    SLUICE_ALLOW_PRIVATE_URLS: 'true',
    ...env,
  });
  const service = await startEmbedded(config, options.logger ?? silentLogger());
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
