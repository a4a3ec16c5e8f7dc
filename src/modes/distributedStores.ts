import type { Config } from '../config/config.js';
import type { DistributedStores } from './distributedPorts.js';
import type { Logger } from '../logging/logger.js';

/** The distributed mode's servers, as configured; only that backend's clients are loaded. */
export const openDistributedStores = async (
  config: Config,
  logger: Logger,
): Promise<DistributedStores> =>
  config.backend === 'postgres'
    ? (await import('./postgresStores.js')).openPostgresStores(config, logger)
    : (await import('./cardStores.js')).openCardStores(config, logger);

export type { DistributedStores } from './distributedPorts.js';
