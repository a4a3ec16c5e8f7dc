import type {
  CreateEndpoint,
  EndpointCreated,
  EndpointSettings,
  EndpointUpdated,
} from '../../../domain/webhooks/endpoint.js';
import { endpointDecider } from '../../../domain/webhooks/endpoint.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(endpointDecider);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T01:00:00.000Z';

const settings: EndpointSettings = {
  url: 'https://hooks.example.com/sluice',
  description: '',
  filter_types: ['order.created'],
  channels: null,
  disabled: false,
  rate_limit_per_s: null,
  metadata: {},
  headers: {},
  filter: null,
  ordering: 'unordered',
};

const create = (overrides: Partial<EndpointSettings> = {}): CreateEndpoint => ({
  type: 'create_endpoint',
  endpoint_id: 'we_1',
  acting_merchant: 'mer_a',
  merchant_id: 'mer_a',
  settings: { ...settings, ...overrides },
  secret: 'sealed-1',
  now,
});

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

const update = (changes: Partial<EndpointSettings>, acting: string | undefined = 'mer_a') =>
  ({
    type: 'update_endpoint',
    endpoint_id: 'we_1',
    acting_merchant: acting,
    changes,
    now: later,
  }) as const;

const updated = (changes: EndpointUpdated['data']['changes']): EndpointUpdated => ({
  type: 'webhook_endpoint.updated',
  data: { endpoint_id: 'we_1', merchant_id: 'mer_a', changes, updated_at: later },
});

describe('webhook endpoint decider', () => {
  it('creates an endpoint with its sealed secret', () => {
    spec.given([]).when(create()).then([created]);
  });

  it('creates a disabled endpoint as disabled by hand', () => {
    spec
      .given([])
      .when(create({ disabled: true }))
      .then([{ ...created, data: { ...created.data, disabled: true, disabled_reason: 'manual' } }]);
  });

  it('refuses extension, unknown and empty filter types, naming them', () => {
    spec
      .given([])
      .when(create({ filter_types: ['extension.sync'] }))
      .thenFails('invalid_filter_type');
    spec
      .given([])
      .when(create({ filter_types: ['order.created', 'order.exploded'] }))
      .thenFails('invalid_filter_type');
    spec
      .given([])
      .when(create({ filter_types: [] }))
      .thenFails('validation_failed');
    spec
      .given([])
      .when(create({ filter_types: ['order.created', 'order.created'] }))
      .thenFails('validation_failed');
  });

  it('refuses bad channels, oversized description and metadata, and a bad rate limit', () => {
    spec
      .given([])
      .when(create({ channels: ['has space'] }))
      .thenFails('validation_failed');
    spec
      .given([])
      .when(create({ channels: Array.from({ length: 11 }, (_, i) => `c${i}`) }))
      .thenFails('validation_failed');
    spec
      .given([])
      .when(create({ description: 'x'.repeat(1001) }))
      .thenFails('validation_failed');
    spec
      .given([])
      .when(create({ metadata: { k: 'v'.repeat(501) } }))
      .thenFails('validation_failed');
    spec
      .given([])
      .when(create({ rate_limit_per_s: 0 }))
      .thenFails('validation_failed');
  });

  it('refuses to create an endpoint twice', () => {
    spec.given([created]).when(create()).thenFails('conflict');
  });

  it('records only the settings that change, and nothing when none does', () => {
    spec
      .given([created])
      .when(update({ url: settings.url, description: 'orders' }))
      .then([updated({ description: 'orders' })]);
    spec
      .given([created])
      .when(update({ url: settings.url }))
      .then([]);
  });

  it('moves enabled ⇄ disabled through update, clearing the reason on re-enabling', () => {
    const disabled = updated({ disabled: true, disabled_reason: 'manual' });
    spec
      .given([created])
      .when(update({ disabled: true }))
      .then([disabled]);
    spec
      .given([created, disabled])
      .when(update({ disabled: false }))
      .then([updated({ disabled: false, disabled_reason: null })]);
  });

  it('hides another merchant’s endpoint, and a deleted one', () => {
    spec
      .given([created])
      .when(update({ description: 'x' }, 'mer_b'))
      .thenFails('not_found');
    spec
      .given([created])
      .when(update({ description: 'x' }, undefined))
      .then([updated({ description: 'x' })]);
    const deleted = {
      type: 'webhook_endpoint.deleted',
      data: { endpoint_id: 'we_1', merchant_id: 'mer_a', deleted_at: later },
    } as const;
    spec
      .given([created])
      .when({ type: 'delete_endpoint', endpoint_id: 'we_1', acting_merchant: 'mer_a', now: later })
      .then([deleted]);
    spec
      .given([created, deleted])
      .when(update({ description: 'x' }))
      .thenFails('not_found');
    spec
      .given([])
      .when(update({ description: 'x' }))
      .thenFails('not_found');
  });

  it('rotates the secret, keeping the previous one for the grace period', () => {
    spec
      .given([created])
      .when({
        type: 'rotate_secret',
        endpoint_id: 'we_1',
        acting_merchant: 'mer_a',
        secret: 'sealed-2',
        grace_s: 60,
        now,
      })
      .then([
        {
          type: 'webhook_endpoint.secret_rotated',
          data: {
            endpoint_id: 'we_1',
            merchant_id: 'mer_a',
            secret: 'sealed-2',
            previous: 'sealed-1',
            previous_expires_at: '2026-01-01T00:01:00.000Z',
            rotated_at: now,
          },
        },
      ]);
  });

  it('is disabled by the service, but not for an answer to a request sent before it was enabled again', () => {
    const disable = (sent_at: string) =>
      ({
        type: 'disable_endpoint',
        endpoint_id: 'we_1',
        acting_merchant: undefined,
        reason: 'gone',
        sent_at,
        now: '2026-01-01T02:00:00.000Z',
      }) as const;
    const byService: EndpointUpdated = {
      type: 'webhook_endpoint.updated',
      data: {
        ...updated({}).data,
        changes: { disabled: true, disabled_reason: 'gone' },
        updated_at: '2026-01-01T02:00:00.000Z',
      },
    };
    spec.given([created]).when(disable(now)).then([byService]);
    // Enabled again at `later`: a 410 to a request sent just before says nothing of it now.
    const enabledAgain = [
      created,
      updated({ disabled: true, disabled_reason: 'gone' }),
      updated({ disabled: false, disabled_reason: null }),
    ];
    spec.given(enabledAgain).when(disable('2026-01-01T00:59:59.999Z')).then([]);
    spec.given(enabledAgain).when(disable('2026-01-01T01:00:00.001Z')).then([byService]);
    // Disabled already: nothing to record.
    spec.given([created, byService]).when(disable(later)).then([]);
  });
});
