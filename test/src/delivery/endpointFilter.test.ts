import { expect } from 'chai';
import type { BusinessEvent, BusinessEventData } from '../../../domain/events/businessEvent.js';
import { businessEventStream } from '../../../domain/events/businessEvent.js';
import type { EndpointCreated } from '../../../domain/webhooks/endpoint.js';
import { endpointStream } from '../../../domain/webhooks/endpoint.js';
import { plannerProcessor } from '../../../src/delivery/planner.js';
import type { Metrics } from '../../../src/metrics/metrics.js';
import { createMetrics } from '../../../src/metrics/metrics.js';
import type { ReactorSpec, ReactorWorld } from '../../support/reactorSpec.js';
import { reactorSpec } from '../../support/reactorSpec.js';

const endpoint = (id: string, filter: string | null): EndpointCreated => ({
  type: 'webhook_endpoint.created',
  data: {
    endpoint_id: id,
    merchant_id: 'mer_a',
    url: 'https://hooks.example.com/in',
    description: '',
    filter_types: null,
    channels: null,
    disabled: false,
    headers: {},
    rate_limit_per_s: null,
    metadata: {},
    filter,
    ordering: 'unordered',
    disabled_reason: null,
    secret: 'sealed',
    created_at: '2026-01-01T00:00:00.000Z',
  },
});

const business = (
  id: string,
  type: string,
  data: Record<string, unknown>,
  extra: Partial<BusinessEventData> = {},
): BusinessEvent => ({
  type,
  data: {
    id,
    merchant_id: 'mer_a',
    created_at: '2026-03-01T11:59:00.000Z',
    data,
    channels: null,
    ...extra,
  },
});

const plannedIn = (appended: Awaited<ReturnType<ReactorSpec['when']>>) =>
  appended
    .filter((event) => event.type === 'delivery.planned')
    .map((event) => {
      const data = event.data as { event_id: string; endpoint_id: string };
      return `${data.event_id} → ${data.endpoint_id}`;
    })
    .sort();

/** The value of the filter error counter for a code, 0 before its first count. */
const filterErrors = async (metrics: Metrics, code: string) => {
  const metric = await metrics.registry
    .getSingleMetric('sluice_webhook_filter_errors_total')
    ?.get();
  return metric?.values.find((value) => value.labels.code === code)?.value ?? 0;
};

describe('the delivery planner, with endpoint filters', () => {
  let spec: ReactorSpec;
  let metrics: Metrics;
  beforeEach(async () => {
    metrics = createMetrics();
    spec = await reactorSpec((world: ReactorWorld) => {
      const services = Object.assign(world, { metrics });
      return plannerProcessor(services);
    });
  });
  afterEach(() => spec.close());

  const givenEndpoints = async (...created: EndpointCreated[]) => {
    for (const event of created) await spec.given(endpointStream(event.data.endpoint_id), [event]);
  };
  const published = (event: BusinessEvent) =>
    spec.given(businessEventStream(event.data.id), [event], { merchant_id: 'mer_a' });

  it('plans an event only to the endpoints whose filter makes its delivered body true', async () => {
    await givenEndpoints(
      endpoint('we_none', null),
      endpoint('we_eur', 'data.amount > 100 and data.currency = "EUR"'),
      endpoint('we_type', 'type = "invoice.issued" and merchant_id = "mer_a"'),
      endpoint('we_truthy', 'data.amount'),
      // Not linear: evaluated by an evaluator, not in-process.
      endpoint('we_items', 'data.items[price > 10].sku = "b"'),
    );
    const big = await published(
      business('evt_big', 'order.created', {
        amount: 150,
        currency: 'EUR',
        items: [{ sku: 'b', price: 20 }],
      }),
    );
    const small = await published(business('evt_small', 'order.created', { amount: 50 }));
    const invoice = await published(business('evt_inv', 'invoice.issued', {}));
    expect(plannedIn(await spec.when([...big, ...small, ...invoice]))).to.deep.equal([
      'evt_big → we_eur',
      'evt_big → we_items',
      'evt_big → we_none',
      'evt_inv → we_none',
      'evt_inv → we_type',
      'evt_small → we_none',
    ]);
  });

  it('counts a filter that fails as no match, and in the metrics', async () => {
    await givenEndpoints(
      endpoint('we_failing', 'data.amount + "x" > 1'),
      endpoint('we_runaway', '($f := function($n){ $f($n + 1) }; $f(0))'),
      endpoint('we_ok', 'data.amount = 1'),
    );
    const event = await published(business('evt_1', 'order.created', { amount: 1 }));
    expect(plannedIn(await spec.when(event))).to.deep.equal(['evt_1 → we_ok']);
    expect(await filterErrors(metrics, 'expression_failed')).to.equal(1);
    expect(await filterErrors(metrics, 'expression_timeout')).to.equal(1);
  });

  it('fails at once, for a while, a filter that ran out of time, without running it again', async () => {
    // Stuck inside one node: only the evaluator's kill stops it, some 350 ms on.
    const stuck = '$count($distinct(data.xs)) > 0';
    await givenEndpoints(endpoint('we_stuck', stuck), endpoint('we_plain', null));
    const xs = Array.from({ length: 30_000 }, (_, i) => i);
    const first = await published(business('evt_s1', 'order.created', { xs }));
    expect(plannedIn(await spec.when(first))).to.deep.equal(['evt_s1 → we_plain']);
    expect(await filterErrors(metrics, 'expression_timeout')).to.equal(1);

    const started = Date.now();
    const next = await Promise.all(
      ['evt_s2', 'evt_s3', 'evt_s4'].map((id) => published(business(id, 'order.created', { xs }))),
    );
    expect(plannedIn(await spec.when(next.flat()))).to.deep.equal([
      'evt_s2 → we_plain',
      'evt_s3 → we_plain',
      'evt_s4 → we_plain',
    ]);
    expect(Date.now() - started).to.be.below(300);
    expect(await filterErrors(metrics, 'expression_timeout')).to.equal(4);
  });

  it('sends a test webhook to the endpoints it names, whatever their filters', async () => {
    await givenEndpoints(endpoint('we_strict', 'false'), endpoint('we_failing', '1 + "x"'));
    const event = await published(
      business('evt_t', 'webhook.test', {}, { endpoint_ids: ['we_strict', 'we_failing'] }),
    );
    expect(plannedIn(await spec.when(event))).to.deep.equal([
      'evt_t → we_failing',
      'evt_t → we_strict',
    ]);
    expect(await filterErrors(metrics, 'expression_failed')).to.equal(0);
  });
});
