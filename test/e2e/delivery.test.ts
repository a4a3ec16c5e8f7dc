import { expect } from 'chai';
import { createEndpoint } from '../support/builders.js';
import {
  FAST_DELIVERY,
  deliveryHarness,
  attemptsOf,
  endpointWithSecret,
  eventually,
  messagesOf,
  publish,
} from '../support/delivery.js';
import { signaturesOf, verifies } from '../support/receiver.js';
import { startTestService } from '../support/testService.js';
import { Webhook } from 'standardwebhooks';

describe('delivery: signed webhooks to real receivers', function () {
  this.timeout(30_000);
  const harness = deliveryHarness({ SLUICE_ROTATION_GRACE_S: '3600' });
  const receiver = (...args: Parameters<typeof harness.receivers.start>) =>
    harness.receivers.start(...args);

  it('delivers a published event, signed, with the documented body and headers', async () => {
    const hooks = await receiver();
    const { endpoint, secret } = await endpointWithSecret(harness.service, hooks.url, {
      filter_types: ['order.created'],
    });
    const event = await publish(harness.service, 'order.created', {
      order_id: 'ord_1',
      amount: 4200,
    });
    const [delivery] = await hooks.waitFor(1);
    expect(verifies(delivery!, secret)).to.equal(true);
    expect(delivery!.headers['webhook-id']).to.equal(event.id);
    expect(delivery!.headers['content-type']).to.equal('application/json');
    expect(
      Math.abs(Number(delivery!.headers['webhook-timestamp']) - Date.now() / 1000),
    ).to.be.lessThan(5);
    expect(signaturesOf(delivery!)).to.have.length(1);
    expect(delivery!.body).to.deep.equal({
      id: event.id,
      type: 'order.created',
      merchant_id: 'mer_acme',
      created_at: (event as { created_at?: string }).created_at,
      data: { order_id: 'ord_1', amount: 4200 },
    });
    const attempts = await eventually(
      () => attemptsOf(harness.service, endpoint.id),
      (a) => a.length === 1,
    );
    expect(attempts[0]).to.include({
      event_id: event.id,
      attempt_number: 1,
      trigger: 'initial',
      status: 'succeeded',
      response_status_code: 200,
      error: null,
    });
    const messages = await eventually(
      () => messagesOf(harness.service, endpoint.id),
      (m) => m[0]?.status === 'succeeded',
    );
    expect(messages[0]).to.include({ event_id: event.id, attempts: 1, next_attempt_at: null });
  });

  it('retries a receiver failing twice: three attempts, the same webhook-id, recorded in order', async () => {
    const hooks = await receiver((n) => ({
      status: n < 2 ? 500 : 200,
      body: n < 2 ? 'down for maintenance' : 'ok',
    }));
    const { endpoint, secret } = await endpointWithSecret(harness.service, hooks.url);
    const event = await publish(harness.service, 'invoice.sent');
    const deliveries = await hooks.waitFor(3);
    expect(deliveries.map((d) => d.headers['webhook-id'])).to.deep.equal([
      event.id,
      event.id,
      event.id,
    ]);
    expect(deliveries.every((d) => verifies(d, secret))).to.equal(true);
    const attempts = await eventually(
      () => attemptsOf(harness.service, endpoint.id),
      (a) => a.length === 3,
    );
    const oldestFirst = attempts.reverse();
    expect(
      oldestFirst.map((a) => [a.attempt_number, a.trigger, a.status, a.response_status_code]),
    ).to.deep.equal([
      [1, 'initial', 'failed', 500],
      [2, 'retry', 'failed', 500],
      [3, 'retry', 'succeeded', 200],
    ]);
    expect(oldestFirst[0]!.error).to.deep.equal({
      code: 'http_status',
      message: 'The receiver answered 500.',
    });
    expect(oldestFirst[0]!.response_body).to.equal('down for maintenance');
    expect(oldestFirst[0]!.next_attempt_at).to.be.a('string');
    expect(oldestFirst[2]!.next_attempt_at).to.equal(null);
    const [message] = await eventually(
      () => messagesOf(harness.service, endpoint.id),
      (m) => m[0]?.status === 'succeeded',
    );
    expect(message!.attempts).to.equal(3);
  });

  it('records a receiver hanging past the timeout as timeout, while a healthy endpoint keeps receiving', async () => {
    await harness.service.stop();
    harness.service = await startTestService({
      ...FAST_DELIVERY,
      SLUICE_ATTEMPT_TIMEOUT_MS: '500',
      SLUICE_ENDPOINT_CONCURRENCY: '2',
    });
    const stuck = await receiver(() => ({ hang: true }));
    const healthy = await receiver();
    const slow = await endpointWithSecret(harness.service, stuck.url);
    await endpointWithSecret(harness.service, healthy.url);
    const started = Date.now();
    const lags: number[] = [];
    for (let i = 0; i < 10; i++) {
      const sentAt = Date.now();
      await publish(harness.service, 'order.created', { i });
      const got = await healthy.waitFor(i + 1, 5_000);
      lags.push(got[i]!.at - sentAt);
    }
    // Ten events reach the healthy endpoint while the stuck one holds every slot it may have.
    expect(Math.max(...lags)).to.be.lessThan(250);
    expect(Date.now() - started).to.be.lessThan(3_000);
    const attempts = await eventually(
      () => attemptsOf(harness.service, slow.endpoint.id),
      (a) => a.length >= 2,
      10_000,
    );
    expect(attempts[0]!.error.code).to.equal('timeout');
    expect(attempts[0]!.duration_ms).to.be.within(450, 2_000);
  });

  it('signs with both secrets during a rotation’s grace period, each signature valid for its secret', async () => {
    const hooks = await receiver();
    const { endpoint, secret: old } = await endpointWithSecret(harness.service, hooks.url);
    expect(
      (
        await harness.service.api.post(
          `/v1/webhooks/${endpoint.id}/secret/rotate`,
          harness.service.admin,
        )
      ).status,
    ).to.equal(200);
    const fresh = (
      await harness.service.api.get(`/v1/webhooks/${endpoint.id}/secret`, harness.service.admin)
    ).body.key as string;
    await publish(harness.service, 'order.created');
    const [delivery] = await hooks.waitFor(1);
    const signatures = signaturesOf(delivery!);
    expect(signatures).to.have.length(2);
    const id = String(delivery!.headers['webhook-id']);
    const at = new Date(Number(delivery!.headers['webhook-timestamp']) * 1000);
    const expected = [
      new Webhook(fresh).sign(id, at, delivery!.raw),
      new Webhook(old).sign(id, at, delivery!.raw),
    ];
    expect(signatures).to.deep.equal(expected);
    expect(verifies(delivery!, fresh)).to.equal(true);
    expect(verifies(delivery!, old)).to.equal(true);
  });

  it('delivers by filter_types and channels, never extension events, nothing to disabled endpoints', async () => {
    const all = await receiver();
    const orders = await receiver();
    const eu = await receiver();
    const off = await receiver();
    await endpointWithSecret(harness.service, all.url);
    await endpointWithSecret(harness.service, orders.url, { filter_types: ['order.created'] });
    await endpointWithSecret(harness.service, eu.url, { channels: ['eu'] });
    await endpointWithSecret(harness.service, off.url, { disabled: true });
    await createEndpoint(harness.service, { url: all.url, merchant_id: 'mer_globex' });
    await publish(harness.service, 'extension.sync.started');
    await publish(harness.service, 'order.created', {}, { channels: ['eu'] });
    await publish(harness.service, 'invoice.sent');
    await publish(harness.service, 'order.created', {}, { channels: ['us'] });
    await all.waitFor(3);
    await orders.waitFor(2);
    await eu.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(all.received.map((d) => d.body.type)).to.have.members([
      'order.created',
      'invoice.sent',
      'order.created',
    ]);
    expect(all.received).to.have.length(3);
    expect(orders.received.map((d) => d.body.type)).to.deep.equal([
      'order.created',
      'order.created',
    ]);
    expect(eu.received.map((d) => d.body.type)).to.deep.equal(['order.created']);
    expect(off.received).to.have.length(0);
  });
});
