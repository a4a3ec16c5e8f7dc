import { expect } from 'chai';
import { createEndpoint } from '../support/builders.js';
import {
  FAST_DELIVERY,
  attemptsOf,
  endpointWithSecret,
  eventually,
  messagesOf,
  publish,
} from '../support/delivery.js';
import { startDnsServer } from '../support/dnsServer.js';
import { receiverPool, verifies } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

describe('delivery: failures, disabling and blocking', function () {
  this.timeout(30_000);
  let service: TestService | undefined;
  const receivers = receiverPool();
  const receiver = receivers.start;
  const start = async (env: Record<string, string> = {}) => {
    service = await startTestService({ ...FAST_DELIVERY, ...env });
    return service;
  };
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    await receivers.closeAll();
  });

  it('disables an endpoint answering 410 Gone at once, and tells the merchant’s other endpoints', async () => {
    const svc = await start();
    const gone = await receiver(() => ({ status: 410 }));
    const watcher = await receiver();
    const { endpoint } = await endpointWithSecret(svc, gone.url, {
      filter_types: ['order.created'],
    });
    const { secret } = await endpointWithSecret(svc, watcher.url, {
      filter_types: ['webhook_endpoint.disabled'],
    });
    await publish(svc, 'order.created');
    const [notice] = await watcher.waitFor(1);
    expect(verifies(notice!, secret)).to.equal(true);
    expect(notice!.body.type).to.equal('webhook_endpoint.disabled');
    expect(notice!.body.data).to.include({ endpoint_id: endpoint.id, reason: 'gone' });
    const after = await svc.api.get(`/v1/webhooks/${endpoint.id}`, svc.admin);
    expect(after.body).to.include({ disabled: true, disabled_reason: 'gone' });
    expect(gone.received).to.have.length(1);
    // Nothing more goes to it, and re-enabling clears the reason.
    await publish(svc, 'order.created');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gone.received).to.have.length(1);
    const enabled = await svc.api.post(`/v1/webhooks/${endpoint.id}`, svc.admin, {
      disabled: false,
    });
    expect(enabled.body).to.include({ disabled: false, disabled_reason: null });
  });

  it('disables an endpoint failing every try for the configured time and at least 10 tries', async () => {
    const svc = await start({
      SLUICE_DISABLE_AFTER_S: '1',
      SLUICE_RETRY_SCHEDULE_S:
        '0.02,0.02,0.02,0.02,0.02,0.02,0.02,0.02,0.02,0.02,0.3,0.3,0.3,0.3,0.3',
    });
    const failing = await receiver(() => ({ status: 500 }));
    const { endpoint } = await endpointWithSecret(svc, failing.url);
    await publish(svc, 'order.created');
    const disabled = await eventually(
      async () => (await svc.api.get(`/v1/webhooks/${endpoint.id}`, svc.admin)).body,
      (e) => e.disabled === true,
      15_000,
    );
    expect(disabled.disabled_reason).to.equal('failing');
    expect(failing.received.length).to.be.at.least(10);
    // The merchant is told from the log, once the disabling is read from it.
    const [told] = await eventually(
      async () =>
        (await svc.api.get('/v1/events?type=webhook_endpoint.disabled', svc.admin)).body
          .data as Array<{ data: Record<string, unknown> }>,
      (data) => data.length > 0,
    );
    expect(told!.data).to.include({ endpoint_id: endpoint.id, reason: 'failing' });
    const [message] = await eventually(
      () => messagesOf(svc, endpoint.id),
      (m) => m[0]?.status === 'failed',
    );
    expect(message!.next_attempt_at).to.equal(null);
  });

  it('honours Retry-After on 429 when it is later than the schedule', async () => {
    const svc = await start();
    const busy = await receiver((n) =>
      n === 0 ? { status: 429, headers: { 'Retry-After': '1' } } : { status: 200 },
    );
    const { endpoint } = await endpointWithSecret(svc, busy.url);
    await publish(svc, 'order.created');
    const [first, second] = await busy.waitFor(2, 5_000);
    expect(second!.at - first!.at).to.be.at.least(950);
    const attempts = (await attemptsOf(svc, endpoint.id)).reverse();
    expect(
      Date.parse(attempts[0]!.next_attempt_at) - Date.parse(attempts[0]!.created_at),
    ).to.be.within(990, 1100);
  });

  it('gives up after the schedule’s last try, recording the message as failed', async () => {
    const svc = await start({ SLUICE_RETRY_SCHEDULE_S: '0.02,0.02' });
    const failing = await receiver(() => ({ status: 503 }));
    const { endpoint } = await endpointWithSecret(svc, failing.url);
    await publish(svc, 'order.created');
    const [message] = await eventually(
      () => messagesOf(svc, endpoint.id),
      (m) => m[0]?.status === 'failed',
    );
    expect(message!.attempts).to.equal(3);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(failing.received).to.have.length(3);
  });

  it('stops the pending deliveries of a deleted endpoint', async () => {
    const svc = await start({ SLUICE_RETRY_SCHEDULE_S: '0.3,0.3,0.3' });
    const failing = await receiver(() => ({ status: 500 }));
    const { endpoint } = await endpointWithSecret(svc, failing.url);
    await publish(svc, 'order.created');
    await failing.waitFor(1);
    expect((await svc.api.delete(`/v1/webhooks/${endpoint.id}`, svc.admin)).status).to.equal(204);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(failing.received).to.have.length(1);
  });

  it('records refused connections, and blocks a host that resolves to a private address at delivery time', async () => {
    const dns = await startDnsServer();
    const svc = await start({
      SLUICE_ALLOW_PRIVATE_URLS: 'false',
      SLUICE_DNS_SERVERS: dns.address,
    });
    const hooks = await receiver();
    const port = new URL(hooks.url).port;
    // Accepted at creation: the name does not resolve yet.
    const sneaky = await createEndpoint(svc, {
      url: `http://receiver.sluice-test.invalid:${port}/hooks`,
    });
    // Then its DNS changes to point at the loopback address.
    dns.table.set('receiver.sluice-test.invalid', ['127.0.0.1']);
    try {
      await publish(svc, 'order.created');
      const [attempt] = await eventually(
        () => attemptsOf(svc, sneaky.id),
        (a) => a.length > 0,
      );
      expect(attempt!.error.code).to.equal('url_blocked');
      expect(attempt!.error.message).to.include('127.0.0.1');
      expect(hooks.received).to.have.length(0);
    } finally {
      await dns.close();
    }
  });

  it('records a refused connection as connection_refused', async () => {
    const svc = await start();
    const closed = await receiver();
    const url = closed.url;
    await receivers.close(closed);
    const { endpoint } = await endpointWithSecret(svc, url);
    await publish(svc, 'order.created');
    const [attempt] = await eventually(
      () => attemptsOf(svc, endpoint.id),
      (a) => a.length > 0,
    );
    expect(attempt!.error.code).to.equal('connection_refused');
  });

  it('keeps an endpoint to its rate_limit_per_s: deliveries beyond it wait, none is dropped', async () => {
    const svc = await start();
    const hooks = await receiver();
    await endpointWithSecret(svc, hooks.url, { rate_limit_per_s: 5 });
    for (let i = 0; i < 12; i++) await publish(svc, 'order.created', { i });
    const got = await hooks.waitFor(12, 10_000);
    const span = got[11]!.at - got[0]!.at;
    // A burst of 5, then 5 a second: the last of 12 comes no sooner than ~1.4 s after the first.
    expect(span).to.be.at.least(1_300);
    expect(new Set(got.map((d) => d.body.id)).size).to.equal(12);
  });

  it('reads the first 4 KiB of an answer and discards the rest', async () => {
    const svc = await start();
    const chatty = await receiver(() => ({ status: 500, body: 'x'.repeat(100_000) }));
    const { endpoint } = await endpointWithSecret(svc, chatty.url);
    await publish(svc, 'order.created');
    const [attempt] = await eventually(
      () => attemptsOf(svc, endpoint.id),
      (a) => a.length > 0,
    );
    expect(attempt!.response_body).to.have.length(4096);
  });

  it('does not follow redirects', async () => {
    const svc = await start();
    const target = await receiver();
    const redirecting = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const { endpoint } = await endpointWithSecret(svc, redirecting.url);
    await publish(svc, 'order.created');
    const [attempt] = await eventually(
      () => attemptsOf(svc, endpoint.id),
      (a) => a.length > 0,
    );
    expect(attempt).to.include({ status: 'failed', response_status_code: 302 });
    expect(target.received).to.have.length(0);
  });
});
