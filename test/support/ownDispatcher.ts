import type { Claims } from '../../adapters/claims/port.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { WebhookSender } from '../../adapters/delivery/port.js';
import { soleMember } from '../../adapters/partitions/soleMember.js';
import { memoryClaims } from '../../adapters/claims/memory/memoryClaims.js';
import { logFeed } from '../../adapters/transport/log/logFeed.js';
import { allProjections } from '../../projections/index.js';
import { loadConfig } from '../../src/config/config.js';
import { startDispatcher } from '../../src/delivery/dispatcher.js';
import { startPlanner } from '../../src/delivery/planner.js';
import { silentLogger } from '../../src/logging/logger.js';
import { startApi } from '../../src/modes/api.js';
import { assembleServices } from '../../src/modes/assembleServices.js';
import { openEmbeddedStores } from '../../src/modes/embeddedStores.js';
import { keptCheckpoint } from '../../src/processing/keptCheckpoint.js';
import { startProjector } from '../../src/projector/projector.js';
import { apiClient } from './apiClient.js';
import { tempDir } from './tempDir.js';

/**
 * The embedded service put together by hand, so that the test owns its dispatcher and sees what it
 * sends, in the order of the event loop, next to what the log commits.
 */
export const serviceWithOwnDispatcher = async (
  sender: WebhookSender,
  options: {
    claims?: Claims;
    env?: Record<string, string>;
    /** The log as the service sees it: the real one, with faults of the test's around it. */
    eventStore?: (store: EventStore) => EventStore;
  } = {},
) => {
  const dir = tempDir();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SLUICE_DATA_DIR: dir.path,
    SLUICE_ALLOW_HTTP_URLS: 'true',
    SLUICE_ALLOW_PRIVATE_URLS: 'true',
    SLUICE_ENDPOINT_CONCURRENCY: '1',
    ...options.env,
  });
  const logger = silentLogger();
  const stores = await openEmbeddedStores(config, { holder: 'the test', onLockLost: () => {} });
  const { readStore, idempotency, payloadKeys } = stores;
  const eventStore = options.eventStore?.(stores.eventStore) ?? stores.eventStore;
  const projector = await startProjector(eventStore, readStore, allProjections, logger, {
    inline: true,
  });
  const { services, adminKey } = await assembleServices(config, logger, {
    eventStore,
    readStore,
    idempotency,
    payloadKeys,
    feed: logFeed(eventStore, (group) => keptCheckpoint(readStore, group)),
    claims: options.claims ?? memoryClaims(),
    partitions: soleMember(),
    projector,
  });
  const planner = await startPlanner(services);
  const dispatcher = await startDispatcher(services, sender);
  const api = await startApi(services);
  return {
    services,
    api: apiClient(api.url),
    admin: adminKey.key,
    stop: async () => {
      await api.close();
      await dispatcher.stop();
      await planner.stop();
      await services.instanceEndings.stop();
      await projector.stop();
      await stores.close();
      dir.remove();
    },
  };
};
