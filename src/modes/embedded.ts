import { allProjections } from '../../projections/index.js';
import type { BootstrapKey } from '../auth/bootstrapKey.js';
import type { Config } from '../config/config.js';
import { workerHealth } from '../processing/workerHealth.js';
import type { Logger } from '../logging/logger.js';
import { startStallWatch } from '../quarantine/stallWatch.js';
import { join } from 'node:path';
import { startProjector } from '../projector/projector.js';
import { keptCheckpoint } from '../processing/keptCheckpoint.js';
import { logFeed } from '../../adapters/transport/log/logFeed.js';
import { soleMember } from '../../adapters/partitions/soleMember.js';
import { memoryClaims } from '../../adapters/claims/memory/memoryClaims.js';
import { startApi } from './api.js';
import { assembleServices } from './assembleServices.js';
import { openEmbeddedStores } from './embeddedStores.js';
import { startWorkers } from './workers.js';
import type { Services } from '../services.js';

export type RunningService = {
  services: Services;
  url: string;
  adminKey: BootstrapKey;
  close: () => Promise<void>;
};

/** Everything in one process on one SQLite file under the data folder. */
export const startEmbedded = async (config: Config, logger: Logger): Promise<RunningService> => {
  const stores = await openEmbeddedStores(config, {
    holder: 'the server',
    onLockLost: (err) => logger.error({ err }, 'another process took the data folder'),
  });
  const { eventStore, readStore, idempotency, payloadKeys } = stores;
  // Taken up once the folder is this process's own: a journal there is then of a dead one.
  const stallWatch = startStallWatch(join(config.dataDir, 'quarantine'), logger);
  // The read models live in the log's own file: they are applied inside each append's transaction.
  const health = workerHealth(logger);
  const projector = await startProjector(eventStore, readStore, allProjections, logger, {
    inline: true,
    health,
  });
  const { services, adminKey } = await assembleServices(config, logger, {
    eventStore,
    readStore,
    idempotency,
    payloadKeys,
    feed: logFeed(eventStore, (group) => keptCheckpoint(readStore, group)),
    claims: memoryClaims(),
    partitions: soleMember(),
    projector,
    health,
  });
  // One process runs every role: the relay alone has no use here, the feed being the log itself.
  const workers = await startWorkers(services, ['dispatcher', 'executor']);
  const api = await startApi(services);

  return {
    services,
    url: api.url,
    adminKey,
    close: async () => {
      await api.close();
      await workers.stop();
      await services.instanceEndings.stop();
      services.hostResolver.close();
      await projector.stop();
      await stores.close();
      await stallWatch.stop();
    },
  };
};
