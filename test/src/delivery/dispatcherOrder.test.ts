import { expect } from 'chai';
import { httpSender } from '../../../adapters/delivery/http/httpSender.js';
import type { WebhookSender } from '../../../adapters/delivery/port.js';
import { startTestReceiver } from '../../support/receiver.js';
import { serviceWithOwnDispatcher } from '../../support/ownDispatcher.js';

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
