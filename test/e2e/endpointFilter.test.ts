import { expect } from 'chai';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The filter errors counted so far, by code, as GET /metrics shows them (0 before the first). */
const filterErrors = async (service: TestService, code: string): Promise<number> => {
  const text = (await service.api.get('/metrics')).text;
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`sluice_webhook_filter_errors_total{code="${code}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe("an endpoint's filter", function () {
  this.timeout(30_000);
  let service: TestService;
  let receiver: TestReceiver;

  beforeEach(async () => {
    receiver = await startTestReceiver();
    service = await startTestService();
  });

  afterEach(async () => {
    await service.stop();
    await receiver.close();
  });

  const endpoint = async (path: string, filter: string) => {
    const created = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: 'mer_acme',
      url: `${receiver.url}/${path}`,
      filter,
    });
    expect(created.status, created.text).to.equal(201);
    const id = created.body.id as string;
    const secret = (await service.api.get(`/v1/webhooks/${id}/secret`, service.admin)).body
      .key as string;
    return { id, secret };
  };

  const publish = async (id: string, data: Record<string, unknown>) => {
    const res = await service.api.post('/v1/events', service.admin, {
      id,
      type: 'order.created',
      merchant_id: 'mer_acme',
      data,
    });
    expect(res.status, res.text).to.equal(201);
  };

  it('lets through only the events that make it true; one that fails counts as false and in the metrics', async () => {
    const eur = await endpoint('eur', 'data.amount > 100 and data.currency = "EUR"');
    const failing = await endpoint('failing', 'data.amount + data.currency > 1');
    const failedBefore = await filterErrors(service, 'expression_failed');

    await publish('evt_small', { amount: 50, currency: 'EUR' });
    await publish('evt_big', { amount: 150, currency: 'EUR' });
    // A last event every endpoint receives: once it has arrived, the others were planned before it.
    const all = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: 'mer_acme',
      url: `${receiver.url}/all`,
      filter_types: ['order.confirmed'],
    });
    expect(all.status, all.text).to.equal(201);
    await service.api.post('/v1/events', service.admin, {
      id: 'evt_last',
      type: 'order.confirmed',
      merchant_id: 'mer_acme',
      data: {},
    });

    const received = await receiver.waitFor(2);
    await sleep(300);
    const arrivals = receiver.received.map((r) => `${r.body.id} at ${r.path}`).sort();
    expect(arrivals).to.deep.equal(['evt_big at /hooks/eur', 'evt_last at /hooks/all']);
    const big = received.find((r) => r.body.id === 'evt_big')!;
    expect(verifies(big, eur.secret)).to.equal(true);
    expect(big.body.data).to.deep.equal({ amount: 150, currency: 'EUR' });

    // Nothing was planned to the endpoint whose filter failed, nor the small event to eur.
    const messages = await service.api.get(
      `/v1/webhooks/${failing.id}/messages?merchant_id=mer_acme`,
      service.admin,
    );
    expect(messages.body.data).to.deep.equal([]);
    const eurMessages = await service.api.get(
      `/v1/webhooks/${eur.id}/messages?merchant_id=mer_acme`,
      service.admin,
    );
    expect(eurMessages.body.data.map((m: { event_id: string }) => m.event_id)).to.deep.equal([
      'evt_big',
    ]);
    expect(await filterErrors(service, 'expression_failed')).to.equal(failedBefore + 2);
  });

  it('holds in a replay of a window as when the events were published', async () => {
    const eur = await endpoint('eur', 'data.amount > 100');
    const since = new Date(Date.now() - 1_000).toISOString();
    await publish('evt_small', { amount: 50 });
    await publish('evt_big', { amount: 150 });
    await receiver.waitFor(1);
    const replay = await service.api.post(`/v1/webhooks/${eur.id}/replay`, service.admin, {
      since,
      only_failed: false,
    });
    expect(replay.status, replay.text).to.equal(202);
    expect(replay.body.count).to.equal(1);
    const received = await receiver.waitFor(2);
    await sleep(300);
    expect(receiver.received.map((r) => r.body.id)).to.deep.equal(['evt_big', 'evt_big']);
    expect(received.every((r) => verifies(r, eur.secret))).to.equal(true);
  });

  it('does not hold back a test webhook sent to the endpoint', async () => {
    const strict = await endpoint('strict', 'false');
    const test = await service.api.post('/v1/webhooks/test', service.admin, {
      merchant_id: 'mer_acme',
      endpoint_id: strict.id,
    });
    expect(test.status, test.text).to.equal(202);
    const [delivered] = await receiver.waitFor(1);
    expect(delivered!.body.type).to.equal('webhook.test');
    expect(verifies(delivered!, strict.secret)).to.equal(true);
  });
});
