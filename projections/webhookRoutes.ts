import type { EndpointEvent } from '../domain/webhooks/endpoint.js';
import { MAX_CHANNELS } from '../domain/webhooks/endpointRules.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { Change, Projection } from './projection.js';
import { collection } from './collection.js';

export const WEBHOOK_ROUTES = collection<RouteDoc>('webhook_endpoint_routes');

/** The route of an endpoint that lists no channels: it may receive an event of any channel, or none. */
export const EVERY_CHANNEL = 'all';
export const channelRoute = (channel: string) => `channel:${channel}`;

/**
 * Where the planner looks for the endpoints of an event: by merchant, channel and enabled state,
 * through an index, so that matching an event costs the same whether its merchant has ten
 * endpoints or ten thousand. The event type is checked on the few endpoints found.
 *
 * Each endpoint owns a fixed set of slots, one per possible channel, each holding a route or none.
 * An update carries only what changed, so a projection cannot know which routes an endpoint had;
 * with fixed slots it rewrites all of them and needs no state.
 */
export type RouteDoc = {
  id: string;
  merchant_id: string;
  endpoint_id: string;
  route: string | null;
  enabled: boolean;
};

const slots = Array.from({ length: MAX_CHANNELS }, (_, i) => i);
const slotId = (endpointId: string, slot: number) => `${endpointId}:${slot}`;

const routesOf = (channels: readonly string[] | null): Array<string | null> =>
  slots.map((slot) =>
    channels === null
      ? slot === 0
        ? EVERY_CHANNEL
        : null
      : (channels.map(channelRoute)[slot] ?? null),
  );

export const webhookRoutesProjection: Projection = {
  name: 'webhook_routes',
  collections: [
    { name: WEBHOOK_ROUTES, indexes: [['merchant_id', 'route', 'enabled', 'endpoint_id']] },
  ],
  filter: { streamPrefixes: ['webhook_endpoint-'] },
  project: (recorded): Change[] => {
    const event = recorded as RecordedEvent<EndpointEvent>;
    switch (event.type) {
      case 'webhook_endpoint.created': {
        const { endpoint_id, merchant_id, channels, disabled } = event.data;
        return routesOf(channels).map((route, slot) => ({
          op: 'put',
          collection: WEBHOOK_ROUTES,
          doc: {
            id: slotId(endpoint_id, slot),
            merchant_id,
            endpoint_id,
            route,
            enabled: !disabled,
          },
        }));
      }
      case 'webhook_endpoint.updated': {
        const { changes, endpoint_id } = event.data;
        if (changes.channels === undefined && changes.disabled === undefined) return [];
        const routes = changes.channels === undefined ? undefined : routesOf(changes.channels);
        return slots.map((slot) => ({
          op: 'patch',
          collection: WEBHOOK_ROUTES,
          id: slotId(endpoint_id, slot),
          set: {
            ...(routes && { route: routes[slot] }),
            ...(changes.disabled !== undefined && { enabled: !changes.disabled }),
          },
        }));
      }
      case 'webhook_endpoint.deleted':
        return slots.map((slot) => ({
          op: 'delete',
          collection: WEBHOOK_ROUTES,
          id: slotId(event.data.endpoint_id, slot),
        }));
      default:
        return [];
    }
  },
};
