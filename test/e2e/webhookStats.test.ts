import { expect } from 'chai';
import { bucketStart } from '../../projections/endpointStats.js';
import { createKey } from '../support/builders.js';
import {
  attemptsOf,
  deliveryHarness,
  endpointWithSecret,
  eventually,
  messagesOf,
  publish,
} from '../support/delivery.js';
import type { TestService } from '../support/testService.js';

type Bucket = { start: string; succeeded: number; failed: number };
type Stats = {
  object: string;
  endpoint_id: string;
  interval: string;
  buckets: Bucket[];
  messages: { pending: number; succeeded: number; failed: number };
  failing_streak: {
    first_failure_at: string;
    last_failure_at: string;
    failed_attempts: number;
  } | null;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** The buckets the attempts list implies for a window: each attempt where it was made. */
const bucketsFromAttempts = (
  attempts: Array<Record<string, any>>,
  starts: readonly string[],
  interval: 'hour' | 'day',
): Bucket[] =>
  starts.map((start) => {
    const inBucket = attempts.filter(
      (a) => bucketStart(Date.parse(a.created_at), interval) === start,
    );
    return {
      start,
      succeeded: inBucket.filter((a) => a.status === 'succeeded').length,
      failed: inBucket.filter((a) => a.status === 'failed').length,
    };
  });

const statsOf = async (service: TestService, endpointId: string, query = '', key?: string) =>
  service.api.get<Stats>(`/v1/webhooks/${endpointId}/stats${query}`, key ?? service.admin);

describe('webhook endpoint statistics', function () {
  this.timeout(30_000);
  const harness = deliveryHarness();

  /**
   * An endpoint of mer_acme that got three events: the first failed once then succeeded, the
   * second failed every try until it was given up, the third succeeded at once.
   */
  const endpointWithHistory = async () => {
    const service = harness.service;
    const seen: string[] = [];
    const hooks = await harness.receivers.start((_n, received) => {
      const id = received.body.id;
      const tries = seen.filter((s) => s === id).length;
      seen.push(id);
      const order = [...new Set(seen)].indexOf(id);
      const fails = order === 1 || (order === 0 && tries === 0);
      return { status: fails ? 500 : 204 };
    });
    const { endpoint } = await endpointWithSecret(service, hooks.url);
    for (let i = 0; i < 3; i++) {
      await publish(service, 'order.created');
      // Each event reaches the receiver before the next is published: their order is known.
      await eventually(
        () => Promise.resolve(new Set(seen).size),
        (distinct) => distinct === i + 1,
      );
    }
    const messages = await eventually(
      () => messagesOf(service, endpoint.id),
      (m) => m.length === 3 && m.every((message) => message.status !== 'pending'),
    );
    return { endpoint, messages, attempts: await attemptsOf(service, endpoint.id) };
  };

  it('counts the attempts by outcome per hour and per day, as the attempts list has them, and the messages by status', async () => {
    const service = harness.service;
    const { endpoint, messages, attempts } = await endpointWithHistory();
    expect(attempts.filter((a) => a.status === 'succeeded')).to.have.length(2);
    expect(attempts.filter((a) => a.status === 'failed')).to.have.length(7);

    const now = Date.now();
    const hours = [-2, -1, 0].map((h) => bucketStart(now + h * HOUR, 'hour'));
    const window = `?since=${hours[0]}&until=${iso(Date.parse(hours[2]!) + HOUR)}`;
    const byHour = await eventually(
      async () => (await statsOf(service, endpoint.id, window)).body,
      (s) => s.buckets.reduce((sum, b) => sum + b.succeeded + b.failed, 0) === attempts.length,
    );
    expect(byHour).to.deep.equal({
      object: 'webhook_endpoint_stats',
      endpoint_id: endpoint.id,
      interval: 'hour',
      buckets: bucketsFromAttempts(attempts, hours, 'hour'),
      messages: {
        pending: messages.filter((m) => m.status === 'pending').length,
        succeeded: messages.filter((m) => m.status === 'succeeded').length,
        failed: messages.filter((m) => m.status === 'failed').length,
      },
      // Whether the latest attempt was one of the given-up event's retries depends on timing.
      failing_streak: byHour.failing_streak,
    });
    expect(byHour.messages).to.deep.equal({ pending: 0, succeeded: 2, failed: 1 });

    const days = [-2, -1, 0, 1].map((d) => bucketStart(now + d * DAY, 'day'));
    const byDay = await statsOf(
      service,
      endpoint.id,
      `?interval=day&since=${days[0]}&until=${iso(Date.parse(days[3]!) + 1)}`,
    );
    expect(byDay.status).to.equal(200);
    expect(byDay.body.interval).to.equal('day');
    expect(byDay.body.buckets).to.deep.equal(bucketsFromAttempts(attempts, days, 'day'));

    // Rebuilt from the log, the counters are the same.
    const rebuild = await service.api.post(
      '/v1/admin/projections/endpoint_stats/rebuild',
      service.admin,
    );
    expect(rebuild.status).to.equal(202);
    await eventually(
      async () =>
        (await service.api.get('/v1/admin/projections/endpoint_stats', service.admin)).body,
      (status) => status.status === 'live' && status.lag === 0,
    );
    expect((await statsOf(service, endpoint.id, window)).body).to.deep.equal(byHour);
  });

  it('says an endpoint is failing while its latest attempts fail, and not once one succeeds', async () => {
    const service = harness.service;
    // Fails the first three tries of each event, then answers.
    const flaky = await harness.receivers.start((n) => ({ status: n < 3 ? 500 : 204 }));
    const down = await harness.receivers.start(() => ({ status: 503 }));
    const { endpoint: recovered } = await endpointWithSecret(service, flaky.url);
    const { endpoint: failing } = await endpointWithSecret(service, down.url);
    await publish(service, 'order.created');
    const settled = (s: Stats) => s.messages.pending === 0;
    const healthy = await eventually(
      async () => (await statsOf(service, recovered.id)).body,
      (s) => settled(s) && s.messages.succeeded === 1,
    );
    expect(healthy.buckets.reduce((sum, b) => sum + b.failed, 0)).to.equal(3);
    expect(healthy.failing_streak).to.equal(null);

    const attempts = await eventually(
      () => attemptsOf(service, failing.id),
      (list) => list.length === 6,
    );
    const broken = await eventually(
      async () => (await statsOf(service, failing.id)).body,
      (s) => settled(s) && s.failing_streak?.failed_attempts === 6,
    );
    const times = attempts.map((a) => a.created_at as string).sort();
    expect(broken.failing_streak).to.deep.equal({
      first_failure_at: times[0],
      last_failure_at: times.at(-1),
      failed_attempts: 6,
    });
    expect(broken.messages).to.deep.equal({ pending: 0, succeeded: 0, failed: 1 });
  });

  it('covers the last 24 hours by hour by default, every bucket present, oldest first', async () => {
    const service = harness.service;
    const { endpoint, attempts } = await endpointWithHistory();
    const before = Date.now();
    const stats = await eventually(
      async () => (await statsOf(service, endpoint.id)).body,
      (s) => s.buckets.reduce((sum, b) => sum + b.succeeded + b.failed, 0) === attempts.length,
    );
    const after = Date.now();
    expect(stats.interval).to.equal('hour');
    const starts = stats.buckets.map((b) => Date.parse(b.start));
    expect(starts[0]).to.be.at.most(after - DAY);
    expect(starts[0]).to.be.above(before - DAY - HOUR);
    expect(stats.buckets.at(-1)!.start).to.be.oneOf([
      bucketStart(before, 'hour'),
      bucketStart(after, 'hour'),
    ]);
    starts.slice(1).forEach((start, i) => expect(start - starts[i]!).to.equal(HOUR));
    expect(stats.buckets.every((b) => b.start.endsWith(':00:00.000Z'))).to.equal(true);
    expect(stats.buckets).to.deep.equal(
      bucketsFromAttempts(
        attempts,
        stats.buckets.map((b) => b.start),
        'hour',
      ),
    );
  });

  it('answers the endpoint’s merchant and auditors, and another merchant 404', async () => {
    const service = harness.service;
    const { endpoint } = await endpointWithSecret(service, 'https://hooks.example.com/a');
    const own = await createKey(service, 'merchant', 'mer_acme');
    const other = await createKey(service, 'merchant', 'mer_other');
    const auditor = await createKey(service, 'auditor');
    const admin = await statsOf(service, endpoint.id);
    expect(admin.status).to.equal(200);
    expect((await statsOf(service, endpoint.id, '', own)).body).to.deep.equal(admin.body);
    expect((await statsOf(service, endpoint.id, '', auditor)).body).to.deep.equal(admin.body);
    expect((await statsOf(service, endpoint.id, '', other)).status).to.equal(404);
    expect((await statsOf(service, endpoint.id, '?merchant_id=mer_other')).status).to.equal(404);
    expect((await statsOf(service, endpoint.id, '?merchant_id=mer_acme', own)).status).to.equal(
      200,
    );
    expect((await statsOf(service, endpoint.id, '?merchant_id=mer_other', own)).status).to.equal(
      403,
    );
    expect((await statsOf(service, 'we_nothere')).status).to.equal(404);
  });

  it('refuses bad parameters with the field at fault, and ranges beyond its bound', async () => {
    const service = harness.service;
    const { endpoint } = await endpointWithSecret(service, 'https://hooks.example.com/a');
    const refused = async (query: string, path: string) => {
      const res = await service.api.get(`/v1/webhooks/${endpoint.id}/stats${query}`, service.admin);
      expect(res.status, query).to.equal(400);
      expect(res.body.code).to.equal('validation_failed');
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        query,
      ).to.include(path);
    };
    const until = '2026-03-01T00:00:00Z';
    await refused('?interval=week', 'interval');
    await refused('?since=yesterday', 'since');
    await refused('?until=2026-13-01T00:00:00Z', 'until');
    await refused('?bucket=hour', 'bucket');
    await refused(`?since=${until}&until=${until}`, 'since');
    await refused(`?since=2026-03-02T00:00:00Z&until=${until}`, 'since');
    // 31 days by hour, 366 by day, and not a millisecond more.
    const hourly = await statsOf(
      service,
      endpoint.id,
      `?since=2026-01-29T00:00:00Z&until=${until}`,
    );
    expect(hourly.status).to.equal(200);
    expect(hourly.body.buckets).to.have.length(31 * 24);
    expect(hourly.body.buckets[0]!).to.deep.equal({
      start: '2026-01-29T00:00:00.000Z',
      succeeded: 0,
      failed: 0,
    });
    await refused(`?since=2026-01-28T23:59:59.999Z&until=${until}`, 'since');
    const daily = `&interval=day&until=${until}`;
    const yearly = await statsOf(service, endpoint.id, `?since=2025-02-28T00:00:00Z${daily}`);
    expect(yearly.status).to.equal(200);
    expect(yearly.body.buckets).to.have.length(366);
    await refused(`?since=2025-02-27T23:59:59Z${daily}`, 'since');
  });
});
