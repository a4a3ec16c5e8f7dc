import { expect } from 'chai';
import { httpSender } from '../../../adapters/delivery/http/httpSender.js';
import type { WebhookSender } from '../../../adapters/delivery/port.js';
import { soleMember } from '../../../adapters/partitions/soleMember.js';
import { memoryClaims } from '../../../adapters/claims/memory/memoryClaims.js';
import { logFeed } from '../../../adapters/transport/log/logFeed.js';
import { allProjections } from '../../../projections/index.js';
import { loadConfig } from '../../../src/config/config.js';
import { startDispatcher } from '../../../src/delivery/dispatcher.js';
import { startPlanner } from '../../../src/delivery/planner.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { startApi } from '../../../src/modes/api.js';
import { assembleServices } from '../../../src/modes/assembleServices.js';
import { openEmbeddedStores } from '../../../src/modes/embeddedStores.js';
import { keptCheckpoint } from '../../../src/processing/keptCheckpoint.js';
import { startProjector } from '../../../src/projector/projector.js';
import { apiClient } from '../../support/apiClient.js';
import { startTestReceiver } from '../../support/receiver.js';
import { tempDir } from '../../support/tempDir.js';

/**
 * The embedded service put together by hand, so that the test owns its dispatcher and sees what it
 * sends, in the order of the event loop, next to what the log commits.
 */
const serviceWithOwnDispatcher = async (sender: WebhookSender) => {
  const dir = tempDir();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SLUICE_DATA_DIR: dir.path,
    SLUICE_ALLOW_HTTP_URLS: 'true',
    SLUICE_ALLOW_PRIVATE_URLS: 'true',
    SLUICE_ENDPOINT_CONCURRENCY: '1',
  });
  const logger = silentLogger();
  const stores = await openEmbeddedStores(config, { holder: 'the test', onLockLost: () => {} });
  const { eventStore, readStore, idempotency, payloadKeys } = stores;
  const projector = await startProjector(eventStore, readStore, allProjections, logger, {
    inline: true,
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

describe('delivery: the dispatcher', function () {
  this.timeout(30_000);

  it("sends an endpoint's next request before the outcome of the one just answered is written", async () => {
    const order: string[] = [];
    const http = httpSender({ allowPrivate: true, connectionsPerOrigin: 1 });
    const sender: WebhookSender = {
      send: (request) => {
        order.push(`sent ${request.signing.id}`);
        return http.send(request);
      },
      close: () => http.close(),
    };
    // The first answer waits until every event is published, so that the later requests queue.
    const receiver = await startTestReceiver((n) => ({
      status: 204,
      delayMs: n === 0 ? 1000 : 20,
    }));
    const service = await serviceWithOwnDispatcher(sender);
    const stopListening = service.services.eventStore.inTransaction!((events) => {
      for (const event of events)
        if (event.type === 'delivery.attempted')
          order.push(`recorded ${(event.data as { event_id: string }).event_id}`);
    });
    try {
      const endpoint = await service.api.post('/v1/webhooks', service.admin, {
        merchant_id: 'mer_acme',
        url: receiver.url,
      });
      expect(endpoint.status, endpoint.text).to.equal(201);
      // One slot for the endpoint: its requests go one after another, each as a slot frees.
      const ids = ['evt_order_1', 'evt_order_2', 'evt_order_3', 'evt_order_4'];
      for (const id of ids) {
        const res = await service.api.post('/v1/events', service.admin, {
          id,
          type: 'order.created',
          merchant_id: 'mer_acme',
          data: {},
        });
        expect(res.status, res.text).to.equal(201);
      }
      await receiver.waitFor(ids.length);
      await new Promise((resolve) => setTimeout(resolve, 200));

      const sentAt = (id: string) => order.indexOf(`sent ${id}`);
      const recordedAt = (id: string) => order.indexOf(`recorded ${id}`);
      expect(
        order.filter((entry) => entry.startsWith('recorded')),
        order.join(', '),
      ).to.have.length(ids.length);
      for (let i = 1; i < ids.length; i++) {
        expect(sentAt(ids[i]!), order.join(', ')).to.be.greaterThan(sentAt(ids[i - 1]!));
        expect(sentAt(ids[i]!), order.join(', ')).to.be.lessThan(recordedAt(ids[i - 1]!));
      }
    } finally {
      stopListening();
      await service.stop();
      await receiver.close();
    }
  });
});
