import type {
  CreateEndpoint,
  EndpointCreated,
  EndpointDeleted,
  EndpointSettings,
} from '../../../domain/webhooks/endpoint.js';
import { endpointDecider } from '../../../domain/webhooks/endpoint.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(endpointDecider);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';

const listening: EndpointSettings = {
  url: 'sluice-listen://key_1',
  description: 'sluice listen',
  filter_types: null,
  channels: null,
  disabled: false,
  rate_limit_per_s: null,
  metadata: {},
  headers: {},
  filter: null,
  ordering: 'unordered',
};

const create = (merchant: string, settings: EndpointSettings, at = later): CreateEndpoint => ({
  type: 'create_endpoint',
  endpoint_id: 'we_1',
  acting_merchant: merchant,
  merchant_id: merchant,
  settings,
  secret: 'sealed-2',
  now: at,
});

const created = (settings: EndpointSettings, at: string, secret: string): EndpointCreated => ({
  type: 'webhook_endpoint.created',
  data: {
    endpoint_id: 'we_1',
    merchant_id: 'mer_a',
    ...settings,
    disabled_reason: null,
    secret,
    created_at: at,
  },
});

const deleted: EndpointDeleted = {
  type: 'webhook_endpoint.deleted',
  data: { endpoint_id: 'we_1', merchant_id: 'mer_a', deleted_at: now },
};

describe('webhook endpoint decider: a listening endpoint made again', () => {
  it('makes a deleted listening endpoint again, for its merchant, with a new secret', () => {
    spec
      .given([created(listening, now, 'sealed-1'), deleted])
      .when(create('mer_a', listening))
      .then([created(listening, later, 'sealed-2')]);
  });

  it('refuses it for another merchant, while it lives, and for an endpoint that was not listening', () => {
    spec
      .given([created(listening, now, 'sealed-1'), deleted])
      .when(create('mer_b', listening))
      .thenFails('conflict');
    spec
      .given([created(listening, now, 'sealed-1')])
      .when(create('mer_a', listening))
      .thenFails('conflict');
    const hooks = { ...listening, url: 'https://hooks.example.com/sluice' };
    spec
      .given([created(hooks, now, 'sealed-1'), deleted])
      .when(create('mer_a', hooks))
      .thenFails('conflict');
    spec
      .given([created(hooks, now, 'sealed-1'), deleted])
      .when(create('mer_a', listening))
      .thenFails('conflict');
  });
});
