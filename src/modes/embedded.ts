import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allProjections } from '../../projections/index.js';
import { authenticator } from '../auth/authenticate.js';
import type { BootstrapKey } from '../auth/bootstrapKey.js';
import { bootstrapAdminKey } from '../auth/bootstrapKey.js';
import type { Config } from '../config/config.js';
import { createApp } from '../http/app.js';
import { answerClientErrors } from '../http/clientError.js';
import { startDispatcher } from '../delivery/dispatcher.js';
import { startPlanner } from '../delivery/planner.js';
import { httpSender } from '../../adapters/delivery/http/httpSender.js';
import { undiciServiceCaller } from '../../adapters/services/http/undiciServiceCaller.js';
import { definitions } from '../processes/definitions.js';
import { startExecutor } from '../processes/executor.js';
import { startInstanceEndings } from '../processes/instanceEndings.js';
import { startNotifier } from '../processes/notifier.js';
import type { Logger } from '../logging/logger.js';
import { createMetrics } from '../metrics/metrics.js';
import { registerStateGauges } from '../metrics/stateGauges.js';
import { startProjector } from '../projector/projector.js';
import { openEmbeddedStores } from './embeddedStores.js';
import { loadEncryptionKey } from '../secrets/encryptionKey.js';
import { rememberingOpened, secretBox } from '../secrets/secretBox.js';
import type { Services } from '../services.js';

export type RunningService = {
  services: Services;
  url: string;
  adminKey: BootstrapKey;
  close: () => Promise<void>;
};

const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** Everything in one process on one SQLite file under the data folder. */
export const startEmbedded = async (config: Config, logger: Logger): Promise<RunningService> => {
  const stores = await openEmbeddedStores(config, {
    holder: 'the server',
    onLockLost: (err) => logger.error({ err }, 'another process took the data folder'),
  });
  const { eventStore, readStore, idempotency } = stores;
  // The read models live in the log's own file: they are applied inside each append's transaction.
  const projector = await startProjector(eventStore, readStore, allProjections, logger, {
    inline: true,
  });
  const adminKey = bootstrapAdminKey(config.adminKey, config.dataDir);
  const secrets = rememberingOpened(
    secretBox(loadEncryptionKey(config.encryptionKey, config.dataDir)),
  );

  const services: Services = {
    config,
    eventStore,
    readStore,
    idempotency,
    projector,
    authenticate: authenticator(readStore, adminKey.key),
    secrets,
    logger,
    metrics: createMetrics(),
    now: () => new Date(),
    definitions: definitions({ readStore }),
    instanceEndings: await startInstanceEndings({ eventStore }),
  };

  registerStateGauges(services.metrics.registry, services);
  const planner = await startPlanner(services);
  const notifier = await startNotifier(services);
  const serviceCaller = undiciServiceCaller({
    allowHttp: config.allowHttpUrls,
    allowPrivate: config.allowPrivateUrls,
  });
  const executor = await startExecutor(services, services.definitions, serviceCaller);
  const dispatcher = startDispatcher(
    services,
    httpSender({
      allowPrivate: config.allowPrivateUrls,
      connectionsPerOrigin: config.endpointConcurrency,
    }),
  );

  const expireOldKeys = () => {
    idempotency.expire(new Date(Date.now() - IDEMPOTENCY_TTL_MS)).catch((err: unknown) => {
      logger.warn({ err }, 'could not expire idempotency keys');
    });
  };
  // At start too: a server restarted more often than the interval would otherwise never sweep.
  expireOldKeys();
  const expireIdempotencyKeys = setInterval(expireOldKeys, 3600_000);
  expireIdempotencyKeys.unref();

  const server: Server = await new Promise((resolve, reject) => {
    const listening = createApp(services).listen(config.port, config.host, () =>
      resolve(listening),
    );
    listening.once('error', reject);
  });
  // Idle connections outlive a client's usual keep-alive (and a load balancer's 60 s), so that a
  // client never reuses a socket the server is closing.
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server);
  server.headersTimeout = 66_000;
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;

  return {
    services,
    url: `http://${host}:${port}`,
    adminKey,
    close: async () => {
      clearInterval(expireIdempotencyKeys);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await executor.stop();
      await serviceCaller.close();
      await services.instanceEndings.stop();
      await notifier.stop();
      await dispatcher.stop();
      await planner.stop();
      await projector.stop();
      await stores.close();
    },
  };
};
