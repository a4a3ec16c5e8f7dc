import { expect } from 'chai';
import autocannon from 'autocannon';
import {
  deliveryHarness,
  endpointWithSecret,
  eventually,
  messagesOf,
} from '../support/delivery.js';

/**
 * The API under load while deliveries run: no request fails, and every event published under the
 * load reaches its receiver. How fast is for `npm run bench -- load`; this checks that nothing
 * breaks. SLUICE_LOAD_SECONDS sets a longer run.
 */
describe('the API under load while deliveries run', function () {
  const seconds = Number(process.env.SLUICE_LOAD_SECONDS ?? 3);
  const connections = 8;
  this.timeout(30_000 + seconds * 4_000);
  const harness = deliveryHarness({ SLUICE_RATE_LIMIT_RPS: '1000000' });

  it('answers every request with a 2xx, reads and publications alike, and delivers each event', async () => {
    const hooks = await harness.receivers.start();
    const { endpoint } = await endpointWithSecret(harness.service, hooks.url);
    const headers = {
      authorization: `Bearer ${harness.service.admin}`,
      'content-type': 'application/json',
    };
    const [publications, reads] = await Promise.all([
      autocannon({
        url: `${harness.service.url}/v1/events`,
        method: 'POST',
        connections,
        duration: seconds,
        headers,
        body: JSON.stringify({ type: 'order.created', merchant_id: 'mer_acme', data: { n: 1 } }),
      }),
      autocannon({
        url: `${harness.service.url}/v1/webhooks/${endpoint.id}/messages?limit=20`,
        connections,
        duration: seconds,
        headers,
      }),
    ]);
    for (const result of [publications, reads]) {
      expect(result.errors, 'connection errors').to.equal(0);
      expect(result.timeouts, 'timeouts').to.equal(0);
      expect(result.non2xx, 'answers other than 2xx').to.equal(0);
      expect(result.requests.total).to.be.greaterThan(0);
    }
    // autocannon counts the requests answered within its run; as it stops, each connection may
    // have one more on the wire, which the server may have taken and published all the same.
    const published = publications.requests.total;
    await hooks.waitFor(published, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = new Set(hooks.received.map((delivery) => delivery.headers['webhook-id']));
    expect(ids.size).to.be.within(published, published + connections);
    expect(hooks.received.length, 'an event delivered twice').to.equal(ids.size);
    const succeeded = await eventually(
      () => messagesOf(harness.service, endpoint.id, '&status=succeeded'),
      (messages) => messages.length === Math.min(published, 100),
      20_000,
    );
    expect(succeeded.length).to.equal(Math.min(published, 100));
  });
});
