import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { KnownTypes } from '../../../domain/catalog/eventCatalog.js';
import { BUILT_IN_TYPES } from '../../../domain/catalog/eventCatalog.js';
import type {
  CreateEndpoint,
  EndpointCreated,
  EndpointSettings,
  UpdateEndpoint,
} from '../../../domain/webhooks/endpoint.js';
import { endpointDecider } from '../../../domain/webhooks/endpoint.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(endpointDecider);
const now = '2026-01-01T00:00:00.000Z';

/** What the catalog says of the types named: a registered type, a deprecated one, a silent one. */
const catalog: KnownTypes = new Map([
  ...BUILT_IN_TYPES,
  ['shipment.dispatched', { deliverable: true, deprecated: false }],
  ['order.created', { deliverable: true, deprecated: true }],
  ['invoice.sent', { deliverable: true, deprecated: true }],
  ['ledger.balanced', { deliverable: false, deprecated: false }],
]);

const settings: EndpointSettings = {
  url: 'https://hooks.example.com/sluice',
  description: '',
  filter_types: ['order.created', 'payment.received'],
  channels: null,
  disabled: false,
  rate_limit_per_s: null,
  metadata: {},
  headers: {},
  filter: null,
  ordering: 'unordered',
};

const create = (filter_types: string[] | null, known?: KnownTypes): CreateEndpoint => ({
  type: 'create_endpoint',
  endpoint_id: 'we_1',
  acting_merchant: 'mer_a',
  merchant_id: 'mer_a',
  settings: { ...settings, filter_types },
  secret: 'sealed-1',
  now,
  ...(known && { event_types: known }),
});

/** Created before order.created was deprecated: it lists it. */
const created: EndpointCreated = {
  type: 'webhook_endpoint.created',
  data: {
    endpoint_id: 'we_1',
    merchant_id: 'mer_a',
    ...settings,
    disabled_reason: null,
    secret: 'sealed-1',
    created_at: now,
  },
};

const update = (filter_types: string[] | null): UpdateEndpoint => ({
  type: 'update_endpoint',
  endpoint_id: 'we_1',
  acting_merchant: 'mer_a',
  changes: { filter_types },
  now,
  event_types: catalog,
});

const refusedPaths = (command: CreateEndpoint | UpdateEndpoint, past: EndpointCreated[] = []) => {
  const state = past.reduce(endpointDecider.evolve, endpointDecider.initialState());
  const decision = endpointDecider.decide(command, state);
  if (!isLeft(decision)) return expect.fail('decided');
  expect(decision.left.code).to.equal('invalid_filter_type');
  return (decision.left.errors ?? []).map((fault) => `${fault.path}: ${fault.message}`);
};

describe('webhook endpoint decider: the catalog’s types in filter_types', () => {
  it('lets an endpoint list a registered deliverable type the catalog names', () => {
    spec
      .given([])
      .when(create(['shipment.dispatched'], catalog))
      .then([
        {
          ...created,
          data: { ...created.data, filter_types: ['shipment.dispatched'] },
        },
      ]);
    // Told nothing, the decider knows the built-in types only.
    spec
      .given([])
      .when(create(['shipment.dispatched']))
      .thenFails('invalid_filter_type');
  });

  it('refuses a deprecated type, and a registered type that is not delivered, by name', () => {
    expect(
      refusedPaths(create(['payment.received', 'order.created', 'ledger.balanced'], catalog)),
    ).to.deep.equal([
      'filter_types.1: order.created is deprecated: it cannot be newly subscribed to',
      'filter_types.2: ledger.balanced is not a deliverable event type',
    ]);
  });

  it('keeps a deprecated type an endpoint listed, and refuses one it adds', () => {
    // Listing the same types again changes nothing; dropping one keeps the deprecated one.
    spec
      .given([created])
      .when(update(['order.created', 'payment.received']))
      .then([]);
    spec
      .given([created])
      .when(update(['order.created']))
      .then([
        {
          type: 'webhook_endpoint.updated',
          data: {
            endpoint_id: 'we_1',
            merchant_id: 'mer_a',
            changes: { filter_types: ['order.created'] },
            updated_at: now,
          },
        },
      ]);
    expect(refusedPaths(update(['order.created', 'invoice.sent']), [created])).to.deep.equal([
      'filter_types.1: invoice.sent is deprecated: it cannot be newly subscribed to',
    ]);
  });
});
