import { expect } from 'chai';
import { httpSender } from '../../../adapters/delivery/http/httpSender.js';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { startTestReceiver } from '../../support/receiver.js';
import { serviceWithOwnDispatcher } from '../../support/ownDispatcher.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The log, whose first `failures` appends of an attempt's record fail as a cut connection does:
 * `before` the write, or `after` it (the commit made, its answer lost).
 */
const attemptRecordsFail = (failures: number, when: 'before' | 'after') => {
  let failed = 0;
  const wrap = (store: EventStore): EventStore => ({
    ...store,
    append: async (stream, events, expected) => {
      if (failed < failures && events.some((event) => event.type === 'delivery.attempted')) {
        failed++;
        if (when === 'after') await store.append(stream, events, expected);
        throw new Error('Connection terminated unexpectedly');
      }
      return store.append(stream, events, expected);
    },
  });
  return { wrap, failed: () => failed };
};

describe('delivery: an attempt whose record the database fails', function () {
  this.timeout(30_000);

  for (const when of ['before', 'after'] as const) {
    it(`is recorded once, and not sent again, when the append fails ${when} writing`, async () => {
      const http = httpSender({ allowPrivate: true, connectionsPerOrigin: 4 });
      const receiver = await startTestReceiver(() => ({ status: 204 }));
      const faults = attemptRecordsFail(3, when);
      const service = await serviceWithOwnDispatcher(http, {
        eventStore: faults.wrap,
        env: { SLUICE_RETRY_SCHEDULE_S: '0.05,0.05,0.05' },
      });
      try {
        const endpoint = await service.api.post('/v1/webhooks', service.admin, {
          merchant_id: 'mer_acme',
          url: receiver.url,
        });
        expect(endpoint.status, endpoint.text).to.equal(201);
        const published = await service.api.post('/v1/events', service.admin, {
          type: 'order.created',
          merchant_id: 'mer_acme',
          data: {},
        });
        expect(published.status, published.text).to.equal(201);
        const eventId = published.body.id as string;
        await receiver.waitFor(1, 20_000);
        const attempts = async () =>
          (await service.api.get(`/v1/webhooks/${endpoint.body.id}/attempts`, service.admin)).body
            .data as unknown[];
        for (let i = 0; i < 100 && (await attempts()).length === 0; i++) await sleep(50);
        // Time for a try sent again, had the attempt been left unrecorded.
        await sleep(1_000);
        expect(faults.failed()).to.equal(when === 'before' ? 3 : 1);
        expect(receiver.received.map((r) => r.headers['webhook-id'])).to.deep.equal([eventId]);
        expect(await attempts()).to.have.length(1);
        const messages = await service.api.get(
          `/v1/webhooks/${endpoint.body.id}/messages`,
          service.admin,
        );
        expect(messages.body.data).to.have.length(1);
        expect(messages.body.data[0]).to.include({
          event_id: eventId,
          status: 'succeeded',
          attempts: 1,
        });
      } finally {
        await service.stop();
        await receiver.close();
        await http.close();
      }
    });
  }
});
