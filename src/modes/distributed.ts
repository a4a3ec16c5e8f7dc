import { allProjections } from '../../projections/index.js';
import type { Config } from '../config/config.js';
import { workerHealth } from '../processing/workerHealth.js';
import type { Logger } from '../logging/logger.js';
import { startStallWatch } from '../quarantine/stallWatch.js';
import { join } from 'node:path';
import { startProjector } from '../projector/projector.js';
import { projectorView } from '../projector/projectorView.js';
import { standbyProjector } from '../projector/standbyProjector.js';
import { activeRole } from './activeRole.js';
import type { RunningApi } from './api.js';
import { startApi } from './api.js';
import { assembleServices } from './assembleServices.js';
import type { RunningService } from './embedded.js';
import { openDistributedStores } from './distributedStores.js';
import { startWorkerHealth } from './workerHealth.js';
import { startWorkers } from './workers.js';

/**
 * One process of the distributed mode, running the roles its configuration names against
 * PostgreSQL, or EventStoreDB, MongoDB and Kafka. The projector role writes the read models; a
 * process without it reads them as the projector processes leave them. Workers take their events
 * from the feed: the log itself on PostgreSQL, Kafka on the card's servers.
 */
export const startDistributed = async (
  config: Config,
  logger: Logger,
): Promise<RunningService & { api: RunningApi | undefined }> => {
  const stallWatch = startStallWatch(join(config.dataDir, 'quarantine'), logger);
  const stores = await openDistributedStores(config, logger);
  const {
    eventStore,
    readStore,
    idempotency,
    payloadKeys,
    claims,
    partitions,
    transport,
    progress,
  } = stores;
  const view = projectorView(eventStore, readStore, allProjections, progress);
  const health = workerHealth(logger);
  // One projector process writes at a time; the others stand by and see its checkpoints.
  const projecting = config.roles.includes('projector')
    ? await activeRole(
        partitions,
        'projector',
        () =>
          startProjector(eventStore, readStore, allProjections, logger, {
            health,
            ...(progress && { progress }),
          }),
        logger,
      )
    : undefined;
  const projector = projecting ? standbyProjector(view, projecting.active) : view;
  // Both keys come from the environment in this mode (the configuration requires them).
  const { services, adminKey } = await assembleServices(config, logger, {
    eventStore,
    readStore,
    idempotency,
    payloadKeys,
    feed: transport.feed,
    claims,
    partitions,
    projector,
    health,
  });
  const workers = await startWorkers(services, config.roles, {
    ...(transport.topic && { topic: transport.topic }),
    // The read models are a round trip away: the dispatcher keeps the endpoints it reads.
    storesAway: true,
  });
  const api = config.roles.includes('api') ? await startApi(services) : undefined;
  // A process without the API still answers its orchestrator's health checks, on PORT.
  const healthPort = api
    ? undefined
    : await startWorkerHealth(services, { port: config.port, host: config.host });
  if (healthPort) logger.info({ url: healthPort.url }, 'health checks are answered here');
  return {
    services,
    url: api?.url ?? '',
    adminKey,
    api,
    close: async () => {
      await api?.close();
      await healthPort?.close();
      await workers.stop();
      await services.instanceEndings.stop();
      services.hostResolver.close();
      await projecting?.stop();
      await view.stop();
      await stores.close();
      await stallWatch.stop();
    },
  };
};
