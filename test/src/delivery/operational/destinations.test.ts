import { expect } from 'chai';
import type { BusinessEvent } from '../../../../domain/events/businessEvent.js';
import { businessEventStream } from '../../../../domain/events/businessEvent.js';
import type { EndpointCreated, EndpointSettings } from '../../../../domain/webhooks/endpoint.js';
import { endpointStream } from '../../../../domain/webhooks/endpoint.js';
import { plannerProcessor } from '../../../../src/delivery/planner.js';
import type { ReactorSpec } from '../../../support/reactorSpec.js';
import { reactorSpec } from '../../../support/reactorSpec.js';

const endpoint = (
  id: string,
  merchant: string,
  filterTypes: string[] | null,
  overrides: Partial<EndpointSettings> = {},
): EndpointCreated => ({
  type: 'webhook_endpoint.created',
  data: {
    endpoint_id: id,
    merchant_id: merchant,
    url: `https://hooks.example.com/${id}`,
    description: '',
    filter_types: filterTypes,
    channels: null,
    disabled: false,
    headers: {},
    rate_limit_per_s: null,
    metadata: {},
    filter: null,
    ordering: 'unordered',
    ...overrides,
    disabled_reason: null,
    secret: 'sealed',
    created_at: '2026-01-01T00:00:00.000Z',
  },
});

const operational = (id: string, type: string, about: string): BusinessEvent => ({
  type,
  data: {
    id,
    merchant_id: 'mer_a',
    created_at: '2026-03-01T11:59:00.000Z',
    data: { endpoint_id: about, event_id: 'evt_order', event_type: 'order.created' },
    channels: null,
  },
});

/** The endpoints a reaction planned deliveries to. */
const plannedTo = (appended: Awaited<ReturnType<ReactorSpec['when']>>) =>
  appended
    .filter((event) => event.type === 'delivery.planned')
    .map((event) => (event.data as { endpoint_id: string }).endpoint_id)
    .sort();

describe('the planner, for operational events', () => {
  let spec: ReactorSpec;
  beforeEach(async () => {
    spec = await reactorSpec(plannerProcessor);
  });
  afterEach(() => spec.close());

  const types = [
    'message.attempt.failing',
    'message.attempt.exhausted',
    'message.attempt.recovered',
    'webhook_endpoint.disabled',
    'webhook_endpoint.enabled',
  ];

  it('delivers them to the merchant’s endpoints that list them, never to the one they are about', async () => {
    const created = [
      endpoint('we_about', 'mer_a', types),
      endpoint('we_watcher', 'mer_a', types),
      endpoint('we_everything', 'mer_a', null),
      endpoint('we_orders', 'mer_a', ['order.created']),
      endpoint('we_off', 'mer_a', types, { disabled: true }),
      endpoint('we_elsewhere', 'mer_b', types),
    ];
    for (const event of created) await spec.given(endpointStream(event.data.endpoint_id), [event]);
    for (const [n, type] of types.entries()) {
      const event = operational(`evt_op${n}`, type, 'we_about');
      const recorded = await spec.given(businessEventStream(event.data.id), [event], {
        merchant_id: 'mer_a',
      });
      expect(plannedTo(await spec.when(recorded)), type).to.deep.equal(['we_watcher']);
    }
  });

  it('still delivers other events to every endpoint that receives them', async () => {
    await spec.given(endpointStream('we_everything'), [endpoint('we_everything', 'mer_a', null)]);
    const event = operational('evt_order2', 'order.created', 'we_everything');
    const recorded = await spec.given(businessEventStream('evt_order2'), [event], {
      merchant_id: 'mer_a',
    });
    expect(plannedTo(await spec.when(recorded))).to.deep.equal(['we_everything']);
  });
});
