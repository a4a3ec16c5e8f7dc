import { expect } from 'chai';
import type { EndpointCreated, EndpointSettings } from '../../../domain/webhooks/endpoint.js';
import { endpointStream } from '../../../domain/webhooks/endpoint.js';
import type { BusinessEvent, BusinessEventData } from '../../../domain/events/businessEvent.js';
import { businessEventStream } from '../../../domain/events/businessEvent.js';
import { plannerProcessor } from '../../../src/delivery/planner.js';
import type { ReactorSpec } from '../../support/reactorSpec.js';
import { reactorSpec } from '../../support/reactorSpec.js';

const settings = (overrides: Partial<EndpointSettings> = {}): EndpointSettings => ({
  url: 'https://hooks.example.com/in',
  description: '',
  filter_types: null,
  channels: null,
  disabled: false,
  headers: {},
  rate_limit_per_s: null,
  metadata: {},
  filter: null,
  ordering: 'unordered',
  ...overrides,
});

const endpoint = (
  id: string,
  merchant: string,
  overrides: Partial<EndpointSettings> = {},
): EndpointCreated => ({
  type: 'webhook_endpoint.created',
  data: {
    endpoint_id: id,
    merchant_id: merchant,
    ...settings(overrides),
    disabled_reason: overrides.disabled ? 'manual' : null,
    secret: 'sealed',
    created_at: '2026-01-01T00:00:00.000Z',
  },
});

const business = (
  id: string,
  type: string,
  merchant: string,
  extra: Partial<BusinessEventData> = {},
): BusinessEvent => ({
  type,
  data: {
    id,
    merchant_id: merchant,
    created_at: '2026-03-01T11:59:00.000Z',
    data: { n: 1 },
    channels: null,
    ...extra,
  },
});

/** The deliveries a reaction planned, as "event → endpoint (trigger)". */
const plannedIn = (appended: Awaited<ReturnType<ReactorSpec['when']>>) =>
  appended
    .filter((event) => event.type === 'delivery.planned')
    .map((event) => {
      const data = event.data as { event_id: string; endpoint_id: string; trigger: string };
      return `${data.event_id} → ${data.endpoint_id} (${data.trigger})`;
    })
    .sort();

describe('the delivery planner, as a reactor', () => {
  let spec: ReactorSpec;
  beforeEach(async () => {
    spec = await reactorSpec(plannerProcessor);
  });
  afterEach(() => spec.close());

  const givenEndpoints = async (...created: EndpointCreated[]) => {
    for (const event of created) await spec.given(endpointStream(event.data.endpoint_id), [event]);
  };
  const published = async (event: BusinessEvent) =>
    spec.given(businessEventStream(event.data.id), [event], {
      merchant_id: event.data.merchant_id,
    });

  it('plans one delivery per enabled endpoint of the merchant that receives the event', async () => {
    await givenEndpoints(
      endpoint('we_all', 'mer_a'),
      endpoint('we_orders', 'mer_a', { filter_types: ['order.created'] }),
      endpoint('we_invoices', 'mer_a', { filter_types: ['invoice.paid'] }),
      endpoint('we_off', 'mer_a', { disabled: true }),
      endpoint('we_other', 'mer_b'),
    );
    const event = await published(business('evt_1', 'order.created', 'mer_a'));
    expect(plannedIn(await spec.when(event))).to.deep.equal([
      'evt_1 → we_all (initial)',
      'evt_1 → we_orders (initial)',
    ]);
  });

  it('plans by channel: an endpoint with channels receives only events of one of them', async () => {
    await givenEndpoints(
      endpoint('we_eu', 'mer_a', { channels: ['eu'] }),
      endpoint('we_us', 'mer_a', { channels: ['us'] }),
      endpoint('we_any', 'mer_a'),
    );
    const event = await published(
      business('evt_2', 'order.created', 'mer_a', { channels: ['eu'] }),
    );
    expect(plannedIn(await spec.when(event))).to.deep.equal([
      'evt_2 → we_any (initial)',
      'evt_2 → we_eu (initial)',
    ]);
  });

  it('sends a test webhook to the endpoints it names only, whatever they subscribe to', async () => {
    await givenEndpoints(
      endpoint('we_named', 'mer_a', { filter_types: ['invoice.paid'] }),
      endpoint('we_unnamed', 'mer_a'),
      endpoint('we_elsewhere', 'mer_b'),
    );
    const event = await published(
      business('evt_t', 'webhook.test', 'mer_a', { endpoint_ids: ['we_named', 'we_elsewhere'] }),
    );
    expect(plannedIn(await spec.when(event))).to.deep.equal(['evt_t → we_named (test)']);
  });

  it('plans nothing for a test webhook that names no endpoint, nor for an event nobody receives', async () => {
    await givenEndpoints(endpoint('we_orders', 'mer_a', { filter_types: ['order.created'] }));
    const test = await published(business('evt_t2', 'webhook.test', 'mer_a'));
    const other = await published(business('evt_3', 'invoice.paid', 'mer_a'));
    expect(await spec.when([...test, ...other])).to.deep.equal([]);
  });

  it('plans a delivery once, however often the event is handed over again', async () => {
    await givenEndpoints(endpoint('we_all', 'mer_a'));
    const event = await published(business('evt_4', 'order.created', 'mer_a'));
    expect(plannedIn(await spec.when(event))).to.deep.equal(['evt_4 → we_all (initial)']);
    expect(await spec.when(event)).to.deep.equal([]);
  });

  it('plans the events of a batch together, each caused by its business event', async () => {
    await givenEndpoints(endpoint('we_all', 'mer_a'));
    const first = await published(business('evt_5', 'order.created', 'mer_a'));
    const second = await published(business('evt_6', 'order.confirmed', 'mer_a'));
    const appended = await spec.when([...first, ...second]);
    expect(plannedIn(appended)).to.deep.equal([
      'evt_5 → we_all (initial)',
      'evt_6 → we_all (initial)',
    ]);
    const causes = appended.map((event) => event.metadata.causation_id).sort();
    expect(causes).to.deep.equal([first[0]!.id, second[0]!.id].sort());
    expect(appended.every((event) => event.metadata.merchant_id === 'mer_a')).to.equal(true);
  });
});
