import { expect } from 'chai';
import type { WebhookSender } from '../../../adapters/delivery/port.js';
import { deliveryStream } from '../../../domain/deliveries/delivery.js';
import { ENDPOINT_SECRETS, WEBHOOK_ENDPOINTS } from '../../../projections/webhookEndpoints.js';
import { attemptDelivery } from '../../../src/delivery/attempt.js';
import { getDoc } from '../../../src/reads/readModels.js';
import { FAST_DELIVERY, endpointWithSecret, eventually, publish } from '../../support/delivery.js';
import { startTestReceiver } from '../../support/receiver.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('delivery: a due row the queue still lists after its delivery ended', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService(FAST_DELIVERY);
  });
  after(() => service.stop());

  it('is not sent again: the delivery stream, not the read model, says whether a try is due', async () => {
    const receiver = await startTestReceiver();
    try {
      const { endpoint } = await endpointWithSecret(service, receiver.url);
      const event = await publish(service, 'order.created');
      await receiver.waitFor(1);
      const id = deliveryStream(event.id, endpoint.id);
      // Recorded once the receiver has answered: wait for the stream to say it succeeded.
      const before = await eventually(
        () => service.services.eventStore.readStream(id),
        (events) => events.some((e) => e.type === 'delivery.attempted'),
      );

      // The try as a lagging queue would still list it, handed to an attempt.
      const sent: string[] = [];
      const sender: WebhookSender = {
        send: (request) => {
          sent.push(request.url);
          return Promise.reject(new Error('must not be sent'));
        },
        close: () => Promise.resolve(),
      };
      const { readStore } = service.services;
      const next = await attemptDelivery(
        { services: service.services, sender, running: () => true },
        { id, event_id: event.id, endpoint_id: endpoint.id, due_at_ms: Date.now() },
        {
          endpoint: await getDoc(readStore, WEBHOOK_ENDPOINTS, endpoint.id),
          secrets: await getDoc(readStore, ENDPOINT_SECRETS, endpoint.id),
        },
      );
      expect(next).to.equal(null);
      expect(sent).to.deep.equal([]);
      expect(await service.services.eventStore.readStream(id)).to.have.length(before.length);
      expect(receiver.received).to.have.length(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('delivery: a due row of a try already made, the delivery not yet ended', () => {
  let service: TestService;
  before(async () => {
    // The retry is far off: only a stale row could make the delivery due now.
    service = await startTestService({ SLUICE_RETRY_SCHEDULE_S: '60,60' });
  });
  after(() => service.stop());

  it('is not sent early: only the try the stream says is due is sent', async () => {
    const receiver = await startTestReceiver(() => ({ status: 500 }));
    try {
      const { endpoint } = await endpointWithSecret(service, receiver.url);
      const event = await publish(service, 'order.created');
      const id = deliveryStream(event.id, endpoint.id);
      const stream = await eventually(
        () => service.services.eventStore.readStream(id),
        (events) => events.some((e) => e.type === 'delivery.attempted'),
      );
      const planned = stream[0]!.data as { due_at: string };
      const attempted = stream.find((e) => e.type === 'delivery.attempted')!.data as {
        next_attempt_at: string;
      };

      const sent: number[] = [];
      const sender: WebhookSender = {
        send: () => {
          sent.push(Date.now());
          return Promise.reject(new Error('sent'));
        },
        close: () => Promise.resolve(),
      };
      const { readStore } = service.services;
      const inputs = async () => ({
        endpoint: await getDoc(readStore, WEBHOOK_ENDPOINTS, endpoint.id),
        secrets: await getDoc(readStore, ENDPOINT_SECRETS, endpoint.id),
      });
      const attemptAt = async (dueAt: string) =>
        attemptDelivery(
          { services: service.services, sender, running: () => true },
          { id, event_id: event.id, endpoint_id: endpoint.id, due_at_ms: Date.parse(dueAt) },
          await inputs(),
        );

      // The first try, as a lagging queue would still list it once it was made.
      expect(await attemptAt(planned.due_at)).to.equal(null);
      expect(sent).to.have.length(0);
      // The retry the stream scheduled is the try due: it is the one sent.
      await attemptAt(attempted.next_attempt_at).then(
        () => expect.fail('the retry should have been sent'),
        (error: Error) => expect(error.message).to.equal('sent'),
      );
      expect(sent).to.have.length(1);
      expect(receiver.received).to.have.length(1);
    } finally {
      await receiver.close();
    }
  });
});
