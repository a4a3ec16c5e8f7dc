import { expect } from 'chai';
import { allProjections } from '../../../projections/index.js';
import {
  deliveryHarness,
  endpointWithSecret,
  eventually,
  publish,
} from '../../support/delivery.js';

/** The value of one series of the Prometheus text, or undefined when it is absent. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  const harness = deliveryHarness({ SLUICE_RETRY_SCHEDULE_S: '0.05,3600' });
  const scrape = async () => (await harness.service.api.get('/metrics')).text;

  it('counts attempts by outcome with their latency, and deliveries by how they ended', async () => {
    const service = harness.service;
    const receiver = await harness.receivers.start((n) => ({ status: n === 0 ? 500 : 204 }));
    await endpointWithSecret(service, receiver.url);
    await publish(service, 'order.created');
    await receiver.waitFor(2);
    const text = await eventually(
      scrape,
      (t) => (sample(t, 'sluice_deliveries_total{outcome="succeeded"}') ?? 0) >= 1,
    );
    expect(sample(text, 'sluice_delivery_attempts_total{outcome="http_status"}')).to.equal(1);
    expect(sample(text, 'sluice_delivery_attempts_total{outcome="succeeded"}')).to.equal(1);
    expect(
      sample(text, 'sluice_delivery_attempt_duration_seconds_count{outcome="succeeded"}'),
    ).to.equal(1);
    expect(text).to.match(/sluice_http_request_duration_seconds_bucket\{[^}]*route="\/v1\/events"/);
  });

  it('shows the durable queue’s depth: due now, and scheduled for a later try', async () => {
    const service = harness.service;
    const receiver = await harness.receivers.start(() => ({ status: 503 }));
    const { endpoint } = await endpointWithSecret(service, receiver.url);
    await publish(service, 'order.created');
    await publish(service, 'order.confirmed');
    // Both fail twice: the third try is an hour away.
    await receiver.waitFor(4);
    const text = await eventually(
      scrape,
      (t) => sample(t, 'sluice_delivery_queue_depth{state="scheduled"}') === 2,
    );
    expect(sample(text, 'sluice_delivery_queue_depth{state="due"}')).to.equal(0);
    expect(endpoint.id).to.match(/^we_/);
  });

  it('shows each projection’s lag behind the log', async () => {
    await publish(harness.service, 'order.created');
    const text = await scrape();
    for (const { name } of allProjections) {
      expect(sample(text, `sluice_projection_lag_events{projection="${name}"}`), name).to.equal(0);
      expect(sample(text, `sluice_projection_healthy{projection="${name}"}`), name).to.equal(1);
    }
  });
});
