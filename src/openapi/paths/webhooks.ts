import {
  authenticated,
  badRequest,
  idempotentCreate,
  notFound,
  param,
  unprocessable,
  withBody,
} from '../responses.js';
import { json, object, ref } from '../schema.js';

const endpointId = {
  name: 'endpoint_id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^we_' },
};

const settings = {
  url: {
    type: 'string',
    format: 'uri',
    maxLength: 2048,
    description: 'https (http only with SLUICE_ALLOW_HTTP_URLS); not a private address',
  },
  filter_types: {
    type: ['array', 'null'],
    items: { type: 'string' },
    minItems: 1,
    description:
      'Deliverable catalog types; null for all. extension.* and unknown types: 422 invalid_filter_type',
  },
  channels: ref('Channels'),
  description: { type: 'string', maxLength: 1000 },
  metadata: {
    type: 'object',
    additionalProperties: { type: 'string', maxLength: 500 },
    maxProperties: 50,
  },
  disabled: { type: 'boolean' },
  rate_limit_per_s: {
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 10000,
    description: 'Deliveries beyond it wait; null: no limit',
  },
  headers: {
    type: 'object',
    additionalProperties: { type: 'string', maxLength: 1024 },
    maxProperties: 20,
    description:
      'Sent with every delivery. Names are HTTP tokens; webhook-*, content-type, content-length and host (written by the service) and the headers of the connection or the framing (connection, keep-alive, proxy-connection, te, trailer, transfer-encoding, upgrade, http2-settings, expect) are refused, as are values with a line break or another control character (422 invalid_header). Values under sensitive names (authorization, proxy-authorization, cookie, or a name containing token, secret, key or auth) are sealed like secrets and shown as "[redacted]"; sending "[redacted]" back keeps the value.',
  },
  filter: ref('EndpointFilter'),
  ordering: ref('EndpointOrdering'),
};

export const webhookPaths = {
  '/v1/webhooks': {
    post: {
      tags: ['Webhook endpoints'],
      operationId: 'createWebhookEndpoint',
      summary: 'Create a webhook endpoint for a merchant; fetch its secret with the secret route',
      parameters: [param('IdempotencyKey')],
      requestBody: {
        required: true,
        content: json(
          object(
            {
              ...settings,
              merchant_id: {
                ...ref('MerchantId'),
                description: 'Required for an admin key; implied for a merchant key',
              },
              secret: {
                type: 'string',
                pattern: '^whsec_',
                description: 'Import a secret instead of generating one',
              },
            },
            [
              'merchant_id',
              'filter_types',
              'channels',
              'description',
              'metadata',
              'disabled',
              'rate_limit_per_s',
              'headers',
              'filter',
              'ordering',
              'secret',
            ],
          ),
        ),
      },
      responses: {
        '201': {
          description: 'Created',
          headers: { Location: { schema: { type: 'string' } } },
          content: json(ref('WebhookEndpoint')),
        },
        ...authenticated,
        ...withBody,
        ...idempotentCreate,
        ...unprocessable(
          'invalid_url',
          'invalid_filter_type',
          'invalid_header',
          'invalid_filter',
          'limit_reached',
          'idempotency_key_reused',
        ),
      },
    },
    get: {
      tags: ['Webhook endpoints'],
      operationId: 'listWebhookEndpoints',
      summary: 'List endpoints, newest first',
      description:
        'The endpoints `sluice listen` makes for a developer’s machine (URL sluice-listen://…) ' +
        'are left out unless include_listeners is true. One no one has listened on for ' +
        'SLUICE_LISTENER_IDLE_S (default a day) is deleted, as an endpoint is.',
      parameters: [
        param('MerchantIdQuery'),
        param('Limit'),
        param('Cursor'),
        {
          name: 'include_listeners',
          in: 'query',
          schema: { enum: ['true', 'false'], default: 'false' },
          description: 'List the endpoints of `sluice listen` too',
        },
      ],
      responses: {
        '200': { description: 'A page of endpoints', content: json(ref('WebhookEndpointList')) },
        ...badRequest,
        ...authenticated,
      },
    },
  },
  '/v1/webhooks/{endpoint_id}': {
    get: {
      tags: ['Webhook endpoints'],
      operationId: 'getWebhookEndpoint',
      summary: 'One endpoint (never its secret)',
      parameters: [endpointId],
      responses: {
        '200': { description: 'The endpoint', content: json(ref('WebhookEndpoint')) },
        ...authenticated,
        ...notFound,
      },
    },
    post: {
      tags: ['Webhook endpoints'],
      operationId: 'updateWebhookEndpoint',
      summary:
        'Update URL, subscribed types, channels, status and the rest; re-enabling clears disabled_reason',
      parameters: [endpointId],
      requestBody: { required: false, content: json(object(settings, Object.keys(settings))) },
      responses: {
        '200': { description: 'The endpoint as updated', content: json(ref('WebhookEndpoint')) },
        ...authenticated,
        ...withBody,
        ...notFound,
        '409': { $ref: '#/components/responses/Conflict' },
        ...unprocessable('invalid_url', 'invalid_filter_type', 'invalid_header', 'invalid_filter'),
      },
    },
    delete: {
      tags: ['Webhook endpoints'],
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete an endpoint; its pending deliveries stop',
      parameters: [endpointId],
      responses: { '204': { description: 'Deleted' }, ...authenticated, ...notFound },
    },
  },
  '/v1/webhooks/{endpoint_id}/secret': {
    get: {
      tags: ['Webhook endpoints'],
      operationId: 'getWebhookEndpointSecret',
      summary: 'The endpoint’s current signing secret (admin or the merchant’s key; not auditors)',
      parameters: [endpointId, param('MerchantIdQuery')],
      responses: {
        '200': { description: 'The secret', content: json(ref('EndpointSecret')) },
        ...badRequest,
        ...authenticated,
        ...notFound,
      },
    },
  },
  '/v1/webhooks/{endpoint_id}/secret/rotate': {
    post: {
      tags: ['Webhook endpoints'],
      operationId: 'rotateWebhookEndpointSecret',
      summary: 'Rotate the signing secret; the old one still signs for secret_rotation_grace_s',
      parameters: [endpointId, param('IdempotencyKey')],
      requestBody: {
        required: false,
        content: json(
          object(
            {
              key: {
                type: 'string',
                pattern: '^whsec_',
                description: 'The new secret; generated when absent',
              },
            },
            ['key'],
          ),
        ),
      },
      responses: {
        '200': { description: 'Rotated', content: json(ref('SecretRotation')) },
        ...authenticated,
        ...withBody,
        ...notFound,
        ...idempotentCreate,
      },
    },
  },
};
