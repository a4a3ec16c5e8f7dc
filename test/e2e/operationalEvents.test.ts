import { expect } from 'chai';
import { endpointWithSecret, eventually, publish } from '../support/delivery.js';
import type { Received, TestReceiver } from '../support/receiver.js';
import { verifies } from '../support/receiver.js';
import { deliveryHarness } from '../support/delivery.js';

const MESSAGE_EVENTS = [
  'message.attempt.failing',
  'message.attempt.exhausted',
  'message.attempt.recovered',
];
const ENDPOINT_EVENTS = ['webhook_endpoint.disabled', 'webhook_endpoint.enabled'];
const OPERATIONAL = [...MESSAGE_EVENTS, ...ENDPOINT_EVENTS];

/** Lets deliveries that should not happen have their chance to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

const typesOf = (received: readonly Received[]) => received.map((r) => r.body.type);

describe('operational events', function () {
  this.timeout(30_000);
  // Five tries per message: a 4th failure in a row happens before the last.
  const harness = deliveryHarness({ SLUICE_RETRY_SCHEDULE_S: '0.02,0.02,0.02,0.02' });
  const receiver = (behaviour?: Parameters<typeof harness.receivers.start>[0]) =>
    harness.receivers.start(behaviour);

  /** An endpoint of another merchant that asks for every operational event: it gets none. */
  const elsewhere = async (): Promise<TestReceiver> => {
    const hooks = await receiver();
    await endpointWithSecret(harness.service, hooks.url, {
      merchant_id: 'mer_other',
      filter_types: OPERATIONAL,
    });
    return hooks;
  };

  it('tells a watching endpoint that a message was given up, never the endpoint it failed at', async () => {
    const svc = harness.service;
    const other = await elsewhere();
    const failing = await receiver(() => ({ status: 503 }));
    const { endpoint } = await endpointWithSecret(svc, failing.url, {
      filter_types: ['order.created', ...OPERATIONAL],
    });
    const watcher = await receiver();
    // News of an endpoint is not of a channel: an endpoint listing channels gets it too.
    const { secret } = await endpointWithSecret(svc, watcher.url, {
      filter_types: ['message.attempt.exhausted'],
      channels: ['ops'],
    });
    const order = await publish(svc, 'order.created');

    const [notice] = await watcher.waitFor(1);
    expect(verifies(notice!, secret)).to.equal(true);
    expect(notice!.body).to.include({ type: 'message.attempt.exhausted', merchant_id: 'mer_acme' });
    const { last_error, ...about } = notice!.body.data;
    expect(about).to.deep.equal({
      endpoint_id: endpoint.id,
      event_id: order.id,
      event_type: 'order.created',
      attempt_count: 5,
    });
    expect(last_error).to.deep.equal({
      code: 'http_status',
      message: 'The receiver answered 503.',
      response_status_code: 503,
    });
    await settle();
    expect(typesOf(failing.received)).to.deep.equal(Array(5).fill('order.created'));
    expect(watcher.received).to.have.length(1);
    expect(other.received).to.have.length(0);
  });

  it('tells of a message failing at its 4th failed try, then of its recovery', async () => {
    const svc = harness.service;
    const other = await elsewhere();
    const flaky = await receiver((n) => ({ status: n < 4 ? 500 : 200 }));
    const { endpoint } = await endpointWithSecret(svc, flaky.url, {
      filter_types: ['order.created'],
    });
    const watcher = await receiver();
    const { secret } = await endpointWithSecret(svc, watcher.url, { filter_types: OPERATIONAL });
    const order = await publish(svc, 'order.created');

    const notices = await watcher.waitFor(2);
    for (const notice of notices) expect(verifies(notice, secret)).to.equal(true);
    const byType = Object.fromEntries(notices.map((n) => [n.body.type, n.body.data]));
    expect(byType['message.attempt.failing']).to.deep.include({
      endpoint_id: endpoint.id,
      event_id: order.id,
      event_type: 'order.created',
      attempt_count: 4,
    });
    expect(byType['message.attempt.failing']!.last_error).to.include({
      code: 'http_status',
      response_status_code: 500,
    });
    expect(byType['message.attempt.recovered']).to.deep.equal({
      endpoint_id: endpoint.id,
      event_id: order.id,
      event_type: 'order.created',
      attempt_count: 5,
    });
    await settle();
    expect(watcher.received).to.have.length(2);
    expect(other.received).to.have.length(0);
    // Recorded in the log with their cause, for auditors to follow.
    const listed = await svc.api.get('/v1/events?type=message.attempt.failing', svc.admin);
    expect(listed.body.data).to.have.length(1);
  });

  it('tells of an endpoint disabled by the service and enabled again, not the endpoint itself', async () => {
    const svc = harness.service;
    const other = await elsewhere();
    const gone = await receiver(() => ({ status: 410 }));
    const { endpoint } = await endpointWithSecret(svc, gone.url, {
      filter_types: ['order.created', ...ENDPOINT_EVENTS],
    });
    const watcher = await receiver();
    const { secret } = await endpointWithSecret(svc, watcher.url, {
      filter_types: ENDPOINT_EVENTS,
    });
    await publish(svc, 'order.created');
    const [disabled] = await watcher.waitFor(1);
    expect(disabled!.body.type).to.equal('webhook_endpoint.disabled');
    expect(disabled!.body.data).to.include({ endpoint_id: endpoint.id, reason: 'gone' });

    // Mended: a try of the order still due may then succeed. A 410 to a try sent before the
    // switch, recorded after it, does not disable the endpoint again.
    gone.setBehaviour(() => ({ status: 200 }));
    const update = (disabled: boolean) =>
      svc.api.post(`/v1/webhooks/${endpoint.id}`, svc.admin, { disabled });
    expect((await update(false)).status).to.equal(200);
    const [, enabled] = await watcher.waitFor(2);
    expect(verifies(enabled!, secret)).to.equal(true);
    expect(enabled!.body).to.include({ type: 'webhook_endpoint.enabled', merchant_id: 'mer_acme' });
    expect(enabled!.body.data).to.deep.equal({ endpoint_id: endpoint.id });

    // The merchant's own disabling is not news to it; enabling again is.
    expect((await update(true)).status).to.equal(200);
    expect((await update(false)).status).to.equal(200);
    const got = await watcher.waitFor(3);
    expect(typesOf(got)).to.deep.equal([
      'webhook_endpoint.disabled',
      'webhook_endpoint.enabled',
      'webhook_endpoint.enabled',
    ]);
    await settle();
    expect(watcher.received).to.have.length(3);
    expect(new Set(typesOf(gone.received))).to.deep.equal(new Set(['order.created']));
    expect(other.received).to.have.length(0);
  });

  it('does not let two failing endpoints tell each other of their failures for ever', async () => {
    const svc = harness.service;
    const first = await receiver(() => ({ status: 500 }));
    const second = await receiver(() => ({ status: 500 }));
    const listens = { filter_types: ['order.created', ...MESSAGE_EVENTS] };
    await endpointWithSecret(svc, first.url, listens);
    await endpointWithSecret(svc, second.url, listens);
    await publish(svc, 'order.created');

    // Each gets the order 5 times, and the other's failing and exhausted notices 5 times each.
    const told = (r: TestReceiver) => typesOf(r.received).filter((t) => t !== 'order.created');
    await eventually(
      () => Promise.resolve([told(first).length, told(second).length]),
      ([a, b]) => a === 10 && b === 10,
    );
    // Time enough for any notice of those notices' failures to go round.
    await settle();
    await settle();
    for (const hooks of [first, second]) {
      expect(hooks.received).to.have.length(15);
      expect(told(hooks).sort()).to.deep.equal([
        ...Array(5).fill('message.attempt.exhausted'),
        ...Array(5).fill('message.attempt.failing'),
      ]);
    }
    const exhausted = await svc.api.get('/v1/events?type=message.attempt.exhausted', svc.admin);
    expect(exhausted.body.data).to.have.length(2);
  });
});
