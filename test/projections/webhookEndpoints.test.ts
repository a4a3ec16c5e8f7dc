import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { ApiKeyRevoked } from '../../domain/api-keys/apiKey.js';
import { apiKeyStream } from '../../domain/api-keys/apiKey.js';
import type {
  EndpointCommand,
  EndpointCreated,
  EndpointDeleted,
  EndpointEvent,
  EndpointSettings,
  EndpointUpdated,
} from '../../domain/webhooks/endpoint.js';
import { endpointDecider, endpointStream } from '../../domain/webhooks/endpoint.js';
import {
  ENDPOINT_SECRETS,
  WEBHOOK_ENDPOINTS,
  webhookEndpointsProjection,
} from '../../projections/webhookEndpoints.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(webhookEndpointsProjection);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T01:00:00.000Z';

const settings: EndpointSettings = {
  url: 'https://hooks.example.com/sluice',
  description: 'orders',
  filter_types: ['order.created', 'order.confirmed'],
  channels: ['eu'],
  disabled: false,
  rate_limit_per_s: 50,
  metadata: { team: 'fulfilment' },
  headers: { 'X-Tenant': 'acme', Authorization: 'sealed-auth' },
  filter: 'data.total > 100',
  ordering: 'fifo',
};

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

const updated = (changes: EndpointUpdated['data']['changes']): EndpointUpdated => ({
  type: 'webhook_endpoint.updated',
  data: { endpoint_id: 'we_1', merchant_id: 'mer_a', changes, updated_at: later },
});

const deleted: EndpointDeleted = {
  type: 'webhook_endpoint.deleted',
  data: { endpoint_id: 'we_1', merchant_id: 'mer_a', deleted_at: later },
};

/** The events the endpoint decider produces for a command after the past ones. */
const decided = (past: readonly EndpointEvent[], command: EndpointCommand) => {
  const state = past.reduce(endpointDecider.evolve, endpointDecider.initialState());
  const decision = endpointDecider.decide(command, state);
  if (isLeft(decision)) expect.fail(`refused: ${decision.left.code}: ${decision.left.detail}`);
  return decision.right;
};

/** Events of the endpoint's stream as the log records them, revisions counting from `from`. */
const inLog = (events: readonly EndpointEvent[], from = 0) =>
  events.map((event, i) =>
    recorded(endpointStream(event.data.endpoint_id), event.type, event.data, {
      revision: from + i,
      metadata: { merchant_id: event.data.merchant_id },
    }),
  );

const rotation = (past: readonly EndpointEvent[], secret: string) =>
  decided(past, {
    type: 'rotate_secret',
    endpoint_id: 'we_1',
    acting_merchant: 'mer_a',
    secret,
    grace_s: 3600,
    now: later,
  });

const endpointDoc = {
  id: 'we_1',
  object: 'webhook_endpoint',
  merchant_id: 'mer_a',
  url: 'https://hooks.example.com/sluice',
  description: 'orders',
  filter_types: ['order.created', 'order.confirmed'],
  channels: ['eu'],
  disabled: false,
  disabled_reason: null,
  rate_limit_per_s: 50,
  metadata: { team: 'fulfilment' },
  // The sealed value stays with the secrets: the endpoint shows that it is there.
  headers: { 'X-Tenant': 'acme', Authorization: '[redacted]' },
  filter: 'data.total > 100',
  ordering: 'fifo',
  created_at: now,
  updated_at: now,
};

const secretsDoc = {
  id: 'we_1',
  merchant_id: 'mer_a',
  current: 'sealed-1',
  previous: null,
  previous_expires_at: null,
  headers: { 'X-Tenant': 'acme', Authorization: 'sealed-auth' },
};

describe('webhook endpoints projection', () => {
  it('puts a created endpoint, updated when created, and its sealed secret in a document apart', () => {
    spec.when(...inLog([created])).then([
      { op: 'put', collection: 'webhook_endpoints', doc: endpointDoc },
      { op: 'put', collection: 'webhook_endpoint_secrets', doc: secretsDoc },
    ]);
  });

  it('serves an endpoint created disabled as disabled by hand', () => {
    const [disabled] = decided([], {
      type: 'create_endpoint',
      endpoint_id: 'we_1',
      acting_merchant: 'mer_a',
      merchant_id: 'mer_a',
      settings: { ...settings, disabled: true },
      secret: 'sealed-1',
      now,
    });
    spec.when(...inLog([disabled!])).then([
      {
        op: 'put',
        collection: 'webhook_endpoints',
        doc: { ...endpointDoc, disabled: true, disabled_reason: 'manual' },
      },
      { op: 'put', collection: 'webhook_endpoint_secrets', doc: secretsDoc },
    ]);
  });

  it('sets only the settings that changed, and the time of the update', () => {
    const changes = decided([created], {
      type: 'update_endpoint',
      endpoint_id: 'we_1',
      acting_merchant: 'mer_a',
      changes: { url: settings.url, description: 'all orders', channels: null },
      now: later,
    });
    spec.when(...inLog(changes, 1)).then([
      {
        op: 'patch',
        collection: 'webhook_endpoints',
        id: 'we_1',
        set: { description: 'all orders', channels: null, updated_at: later },
      },
    ]);
  });

  it('records why the service disabled an endpoint, and clears it when re-enabled', () => {
    const disabled = decided([created], {
      type: 'disable_endpoint',
      endpoint_id: 'we_1',
      acting_merchant: undefined,
      reason: 'failing',
      now: later,
    });
    spec
      .when(...inLog([...disabled, updated({ disabled: false, disabled_reason: null })], 1))
      .then([
        {
          op: 'patch',
          collection: 'webhook_endpoints',
          id: 'we_1',
          set: { disabled: true, disabled_reason: 'failing', updated_at: later },
        },
        {
          op: 'patch',
          collection: 'webhook_endpoints',
          id: 'we_1',
          set: { disabled: false, disabled_reason: null, updated_at: later },
        },
      ]);
  });

  it('keeps the previous secret beside a rotated one until its grace ends, and touches the endpoint', () => {
    spec.when(...inLog(rotation([created], 'sealed-2'), 1)).then([
      {
        op: 'patch',
        collection: 'webhook_endpoint_secrets',
        id: 'we_1',
        set: {
          current: 'sealed-2',
          previous: 'sealed-1',
          previous_expires_at: '2026-01-01T02:00:00.000Z',
        },
      },
      { op: 'patch', collection: 'webhook_endpoints', id: 'we_1', set: { updated_at: later } },
    ]);
  });

  it('deletes the endpoint and its secrets together', () => {
    spec.when(...inLog([deleted], 1)).then([
      { op: 'delete', collection: 'webhook_endpoints', id: 'we_1' },
      { op: 'delete', collection: 'webhook_endpoint_secrets', id: 'we_1' },
    ]);
  });

  it('writes secrets only to the secrets collection, never into the endpoint document', () => {
    const first = rotation([created], 'sealed-2');
    const history = [created, updated({ description: 'renamed' }), ...first];
    const second = rotation(history, 'sealed-3');
    spec.when(...inLog([...history, ...second, deleted])).thenMatch((changes) => {
      const onEndpoints = changes.filter((change) => change.collection === WEBHOOK_ENDPOINTS);
      const onSecrets = changes.filter((change) => change.collection === ENDPOINT_SECRETS);
      expect(changes).to.have.length(onEndpoints.length + onSecrets.length);
      expect(onEndpoints).to.have.length(5);
      for (const change of onEndpoints) expect(JSON.stringify(change)).not.to.include('sealed-');
      const written = JSON.stringify(onSecrets);
      for (const secret of ['sealed-1', 'sealed-2', 'sealed-3']) expect(written).to.include(secret);
    });
  });

  it('marks a listening endpoint as one, for lists to leave it out, and keeps the mark true to its URL', () => {
    const url = 'sluice-listen://key_1';
    const listening = { ...created, data: { ...created.data, url } };
    spec.when(...inLog([listening])).thenMatch((changes) => {
      expect(changes[0]).to.deep.include({
        op: 'put',
        doc: { ...endpointDoc, url, listener: true },
      });
    });
    spec.when(...inLog([updated({ url: settings.url })], 1)).then([
      {
        op: 'patch',
        collection: 'webhook_endpoints',
        id: 'we_1',
        set: { url: settings.url, listener: null, updated_at: later },
      },
    ]);
    spec.when(...inLog([updated({ url })], 1)).thenMatch((changes) => {
      expect(changes[0]).to.deep.include({ set: { url, listener: true, updated_at: later } });
    });
  });

  it('ignores events of other streams', () => {
    const revoked: ApiKeyRevoked['data'] = { key_id: 'key_1', revoked_at: later };
    spec.ignores(recorded(apiKeyStream('key_1'), 'api_key.revoked', revoked, { revision: 1 }));
  });
});
