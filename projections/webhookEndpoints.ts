import { isSensitiveHeader, REDACTED_VALUE } from '../domain/webhooks/endpointHeaders.js';
import type { DisabledReason, EndpointEvent } from '../domain/webhooks/endpoint.js';
import type { EndpointOrdering } from '../domain/webhooks/endpointFilter.js';
import { isListenerUrl } from '../domain/webhooks/listener.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { Change, Projection } from './projection.js';
import { collection } from './collection.js';

export const WEBHOOK_ENDPOINTS = collection<EndpointDoc>('webhook_endpoints');
/** Kept apart from the endpoints so that no list or get can ever carry a secret by mistake. */
export const ENDPOINT_SECRETS = collection<EndpointSecretsDoc>('webhook_endpoint_secrets');

/** An endpoint as the API serves it: never its secret. */
export type EndpointDoc = {
  id: string;
  object: 'webhook_endpoint';
  merchant_id: string;
  url: string;
  description: string;
  filter_types: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  disabled_reason: DisabledReason | null;
  rate_limit_per_s: number | null;
  metadata: Record<string, string>;
  /** Sensitive values shown as `[redacted]`: the sealed ones are kept with the secrets. */
  headers: Record<string, string>;
  /** A JSONata expression over the delivered body, or null: see src/delivery/endpointFilter.ts. */
  filter: string | null;
  ordering: EndpointOrdering;
  created_at: string;
  updated_at: string;
  /**
   * True on a `sluice listen` endpoint, absent (or null) on any other: lists leave listeners out by
   * asking for its absence, which endpoints recorded before it existed share. Never served.
   */
  listener?: true | null;
};

/** The sealed (encrypted) signing secrets of an endpoint: the current one and, during a rotation's grace, the previous. */
export type EndpointSecretsDoc = {
  id: string;
  merchant_id: string;
  current: string;
  previous: string | null;
  previous_expires_at: string | null;
  /** The headers deliveries carry, sensitive values sealed (absent: none). */
  headers?: Record<string, string>;
};

/** Headers as the API shows them: sensitive values redacted. */
const shown = (headers: Readonly<Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      isSensitiveHeader(name) ? REDACTED_VALUE : value,
    ]),
  );

export const webhookEndpointsProjection: Projection = {
  name: 'webhook_endpoints',
  collections: [
    {
      name: WEBHOOK_ENDPOINTS,
      indexes: [
        ['created_at'],
        ['merchant_id', 'created_at'],
        ['merchant_id', 'listener', 'created_at'],
        ['listener', 'disabled', 'updated_at'],
      ],
    },
    { name: ENDPOINT_SECRETS, indexes: [] },
  ],
  filter: { streamPrefixes: ['webhook_endpoint-'] },
  project: (recorded): Change[] => {
    const event = recorded as RecordedEvent<EndpointEvent>;
    switch (event.type) {
      case 'webhook_endpoint.created': {
        const { endpoint_id, secret, created_at, merchant_id } = event.data;
        const endpoint: EndpointDoc = {
          id: endpoint_id,
          object: 'webhook_endpoint',
          merchant_id,
          url: event.data.url,
          description: event.data.description,
          filter_types: event.data.filter_types,
          channels: event.data.channels,
          disabled: event.data.disabled,
          disabled_reason: event.data.disabled_reason,
          rate_limit_per_s: event.data.rate_limit_per_s,
          metadata: event.data.metadata,
          headers: shown(event.data.headers ?? {}),
          // Endpoints created before filters and orderings existed have neither.
          filter: event.data.filter ?? null,
          ordering: event.data.ordering ?? 'unordered',
          created_at,
          updated_at: created_at,
          ...(isListenerUrl(event.data.url) && { listener: true }),
        };
        const secrets: EndpointSecretsDoc = {
          id: endpoint_id,
          merchant_id,
          current: secret,
          previous: null,
          previous_expires_at: null,
          headers: event.data.headers ?? {},
        };
        return [
          { op: 'put', collection: WEBHOOK_ENDPOINTS, doc: endpoint },
          { op: 'put', collection: ENDPOINT_SECRETS, doc: secrets },
        ];
      }
      case 'webhook_endpoint.updated': {
        const { headers, ...changes } = event.data.changes;
        const id = event.data.endpoint_id;
        return [
          {
            op: 'patch',
            collection: WEBHOOK_ENDPOINTS,
            id,
            set: {
              ...changes,
              ...(headers && { headers: shown(headers) }),
              ...(changes.url !== undefined && { listener: isListenerUrl(changes.url) || null }),
              updated_at: event.data.updated_at,
            },
          },
          ...(headers
            ? [{ op: 'patch' as const, collection: ENDPOINT_SECRETS, id, set: { headers } }]
            : []),
        ];
      }
      case 'webhook_endpoint.secret_rotated':
        return [
          {
            op: 'patch',
            collection: ENDPOINT_SECRETS,
            id: event.data.endpoint_id,
            set: {
              current: event.data.secret,
              previous: event.data.previous,
              previous_expires_at: event.data.previous_expires_at,
            },
          },
          {
            op: 'patch',
            collection: WEBHOOK_ENDPOINTS,
            id: event.data.endpoint_id,
            set: { updated_at: event.data.rotated_at },
          },
        ];
      case 'webhook_endpoint.deleted':
        return [
          { op: 'delete', collection: WEBHOOK_ENDPOINTS, id: event.data.endpoint_id },
          { op: 'delete', collection: ENDPOINT_SECRETS, id: event.data.endpoint_id },
        ];
      default:
        return [];
    }
  },
};
