import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type {
  EndpointCommand,
  EndpointCreated,
  EndpointEvent,
  EndpointSettings,
  EndpointUpdated,
} from '../../domain/webhooks/endpoint.js';
import { endpointDecider, endpointStream } from '../../domain/webhooks/endpoint.js';
import { MAX_CHANNELS } from '../../domain/webhooks/endpointRules.js';
import { webhookRoutesProjection } from '../../projections/webhookRoutes.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(webhookRoutesProjection);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T01:00:00.000Z';

const settings: EndpointSettings = {
  url: 'https://hooks.example.com/sluice',
  description: '',
  filter_types: null,
  channels: null,
  disabled: false,
  rate_limit_per_s: null,
  metadata: {},
  headers: {},
  filter: null,
  ordering: 'unordered',
};

const created = (overrides: Partial<EndpointSettings> = {}): EndpointCreated => ({
  type: 'webhook_endpoint.created',
  data: {
    endpoint_id: 'we_1',
    merchant_id: 'mer_a',
    ...settings,
    ...overrides,
    disabled_reason: overrides.disabled ? 'manual' : null,
    secret: 'sealed-1',
    created_at: now,
  },
});

const updated = (changes: EndpointUpdated['data']['changes']): EndpointUpdated => ({
  type: 'webhook_endpoint.updated',
  data: { endpoint_id: 'we_1', merchant_id: 'mer_a', changes, updated_at: later },
});

/** The events the endpoint decider produces for a command after the past ones. */
const decided = (past: readonly EndpointEvent[], command: EndpointCommand) => {
  const state = past.reduce(endpointDecider.evolve, endpointDecider.initialState());
  const decision = endpointDecider.decide(command, state);
  if (isLeft(decision)) expect.fail(`refused: ${decision.left.code}: ${decision.left.detail}`);
  return decision.right;
};

const inLog = (event: EndpointEvent, revision = 0) =>
  recorded(endpointStream(event.data.endpoint_id), event.type, event.data, {
    revision,
    metadata: { merchant_id: event.data.merchant_id },
  });

/** The route of each slot, the slots past the routes given holding none. */
const slotsOf = (...routes: string[]): Array<string | null> =>
  Array.from({ length: MAX_CHANNELS }, (_, slot) => routes[slot] ?? null);

const put = (routes: Array<string | null>, enabled: boolean) =>
  routes.map((route, slot) => ({
    op: 'put' as const,
    collection: 'webhook_endpoint_routes',
    doc: { id: `we_1:${slot}`, merchant_id: 'mer_a', endpoint_id: 'we_1', route, enabled },
  }));

const patch = (slot: number, set: Record<string, unknown>) => ({
  op: 'patch' as const,
  collection: 'webhook_endpoint_routes',
  id: `we_1:${slot}`,
  set,
});

describe('webhook routes projection', () => {
  it('routes an endpoint without channels on the every-channel slot only', () => {
    spec.when(inLog(created())).then(put(slotsOf('all'), true));
  });

  it('routes an endpoint with channels on one slot per channel, in their order', () => {
    spec
      .when(inLog(created({ channels: ['eu', 'billing'] })))
      .then(put(slotsOf('channel:eu', 'channel:billing'), true));
  });

  it('fills every slot of an endpoint that lists the most channels', () => {
    const channels = Array.from({ length: MAX_CHANNELS }, (_, i) => `c${i}`);
    spec
      .when(inLog(created({ channels })))
      .then(put(slotsOf(...channels.map((channel) => `channel:${channel}`)), true));
  });

  it('routes an endpoint created disabled as not enabled', () => {
    spec
      .when(inLog(created({ channels: ['eu'], disabled: true })))
      .then(put(slotsOf('channel:eu'), false));
  });

  it('rewrites every slot when the channels change, leaving the enabled state alone', () => {
    const past = [created({ channels: ['eu', 'billing'] })];
    const [changed] = decided(past, {
      type: 'update_endpoint',
      endpoint_id: 'we_1',
      acting_merchant: 'mer_a',
      changes: { channels: ['us'] },
      now: later,
    });
    spec
      .when(inLog(changed!, 1))
      .then(slotsOf('channel:us').map((route, slot) => patch(slot, { route })));
  });

  it('moves the routes back to the every-channel slot when the channels are cleared', () => {
    spec
      .when(inLog(updated({ channels: null }), 1))
      .then(slotsOf('all').map((route, slot) => patch(slot, { route })));
  });

  it('disables and re-enables every slot without touching its route', () => {
    const disabled = decided([created()], {
      type: 'disable_endpoint',
      endpoint_id: 'we_1',
      acting_merchant: undefined,
      reason: 'gone',
      now: later,
    });
    spec
      .when(inLog(disabled[0]!, 1), inLog(updated({ disabled: false, disabled_reason: null }), 2))
      .then([
        ...slotsOf().map((_, slot) => patch(slot, { enabled: false })),
        ...slotsOf().map((_, slot) => patch(slot, { enabled: true })),
      ]);
  });

  it('changes routes and enabled state together when an update changes both', () => {
    spec
      .when(inLog(updated({ channels: ['eu'], disabled: true, disabled_reason: 'manual' }), 1))
      .then(slotsOf('channel:eu').map((route, slot) => patch(slot, { route, enabled: false })));
  });

  it('removes every slot of a deleted endpoint', () => {
    spec
      .when(
        inLog(
          {
            type: 'webhook_endpoint.deleted',
            data: { endpoint_id: 'we_1', merchant_id: 'mer_a', deleted_at: later },
          },
          1,
        ),
      )
      .then(
        slotsOf().map((_, slot) => ({
          op: 'delete' as const,
          collection: 'webhook_endpoint_routes',
          id: `we_1:${slot}`,
        })),
      );
  });

  it('leaves the routes alone for an update that changes neither channels nor enabled state', () => {
    spec.ignores(inLog(updated({ description: 'orders', url: 'https://hooks.example.com/v2' }), 1));
  });

  it('ignores a secret rotation', () => {
    const [rotated] = decided([created()], {
      type: 'rotate_secret',
      endpoint_id: 'we_1',
      acting_merchant: 'mer_a',
      secret: 'sealed-2',
      grace_s: 60,
      now: later,
    });
    spec.ignores(inLog(rotated!, 1));
  });
});
