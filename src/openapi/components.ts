import { systemSchemas } from './systemSchemas.js';
import { PROBLEM_STATUS } from '../http/problem.js';
import { deliverySchemas } from './deliverySchemas.js';
import { eventTypeSchemas } from './eventTypeSchemas.js';
import { filterSchemas } from './filterSchemas.js';
import { operationsSchemas } from './operationsSchemas.js';
import { merchantErasureSchemas } from './paths/merchants.js';
import { replaySchemas } from './paths/webhookDeliveries.js';
import { processSchemas } from './processSchemas.js';
import { secretSchemas } from './secretSchemas.js';
import { list, nullable, object, ref, timestamp } from './schema.js';

const merchantId = { type: 'string', pattern: '^mer_[A-Za-z0-9_-]{1,64}$', examples: ['mer_acme'] };

export const schemas = {
  ...processSchemas,
  ...operationsSchemas,
  ...merchantErasureSchemas,
  ...replaySchemas,
  ...filterSchemas,
  ...secretSchemas,
  ...deliverySchemas,
  FieldFault: object(
    {
      path: { type: 'string' },
      message: { type: 'string' },
      position: {
        type: 'integer',
        minimum: 0,
        description: 'Where in an expression the fault is (a filter that does not compile)',
      },
    },
    ['position'],
  ),
  Problem: {
    ...object(
      {
        type: { type: 'string', format: 'uri-reference' },
        title: { type: 'string' },
        status: { type: 'integer', minimum: 400, maximum: 599 },
        detail: { type: 'string' },
        code: { type: 'string', enum: Object.keys(PROBLEM_STATUS) },
        request_id: { type: 'string' },
        errors: { type: 'array', items: ref('FieldFault') },
      },
      ['errors'],
    ),
    description: 'RFC 9457 problem details; `code` is the stable machine-readable reason.',
  },
  MerchantId: merchantId,
  Role: {
    type: 'string',
    enum: ['admin', 'merchant', 'auditor', 'publisher'],
    description:
      'admin: everything; merchant: its own merchant; auditor: reads everything, writes nothing; publisher: publishes events and runs processes for any merchant, nothing else',
  },
  ApiKey: object({
    id: { type: 'string', pattern: '^key_' },
    object: { const: 'api_key' },
    role: ref('Role'),
    merchant_id: nullable(ref('MerchantId')),
    name: { type: ['string', 'null'] },
    created_at: timestamp,
  }),
  ApiKeyCreated: object({
    id: { type: 'string', pattern: '^key_' },
    object: { const: 'api_key' },
    key: {
      type: ['string', 'null'],
      description:
        'The key itself, shown once. An idempotent replay of the creation answers null here: the key is never stored in clear.',
    },
    role: ref('Role'),
    merchant_id: nullable(ref('MerchantId')),
    name: { type: ['string', 'null'] },
    created_at: timestamp,
  }),
  ApiKeyList: list('ApiKey'),
  PublicConfig: object({
    api_version: { const: 'v1' },
    process_runs: object({ max_wait_timeout_ms: { type: 'integer', minimum: 1 } }),
    webhooks: object({
      signature_version: { const: 'v1' },
      timestamp_tolerance_s: { type: 'integer' },
      retry_schedule_s: { type: 'array', items: { type: 'number', exclusiveMinimum: 0 } },
      attempt_timeout_ms: { type: 'integer' },
      secret_rotation_grace_s: { type: 'integer' },
      max_payload_bytes: { type: 'integer' },
    }),
  }),
  ...eventTypeSchemas,
  Channels: {
    type: ['array', 'null'],
    items: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,128}$' },
    minItems: 1,
    maxItems: 10,
    uniqueItems: true,
  },
  Event: object(
    {
      id: { type: 'string', pattern: '^evt_' },
      object: { const: 'event' },
      type: { type: 'string' },
      merchant_id: ref('MerchantId'),
      created_at: timestamp,
      data: {
        type: ['object', 'null'],
        additionalProperties: true,
        description:
          'Null once the payload can no longer be read: its merchant’s data was erased (erased: true) or it is older than the retention period (data_expired: true)',
      },
      channels: ref('Channels'),
      erased: { const: true, description: 'Present when the merchant’s data was erased since' },
      data_expired: {
        const: true,
        description: 'Present when the payload is older than SLUICE_PAYLOAD_RETENTION_DAYS',
      },
    },
    ['erased', 'data_expired'],
  ),
  EventList: list('Event'),
  WebhookEndpoint: object({
    id: { type: 'string', pattern: '^we_' },
    object: { const: 'webhook_endpoint' },
    merchant_id: ref('MerchantId'),
    url: { type: 'string', format: 'uri' },
    description: { type: 'string', maxLength: 1000 },
    filter_types: {
      type: ['array', 'null'],
      items: { type: 'string' },
      minItems: 1,
      description: 'null: every deliverable type',
    },
    channels: ref('Channels'),
    disabled: { type: 'boolean' },
    disabled_reason: { enum: ['manual', 'gone', 'failing', null] },
    rate_limit_per_s: { type: ['integer', 'null'], minimum: 1, maximum: 10000 },
    metadata: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 500 },
      maxProperties: 50,
    },
    headers: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Sent with every delivery; values under sensitive names shown as "[redacted]"',
    },
    filter: ref('EndpointFilter'),
    ordering: ref('EndpointOrdering'),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  WebhookEndpointList: list('WebhookEndpoint'),
  TestDelivery: object({
    event_id: { type: 'string' },
    endpoints: {
      type: 'array',
      items: { type: 'string' },
      description: 'The endpoints the test event is sent to',
    },
  }),
  ...systemSchemas,
};

const problem = (description: string, headers?: Record<string, unknown>) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
  ...(headers && { headers }),
});

const rateLimitHeaders = {
  'RateLimit-Limit': { schema: { type: 'string' } },
  'RateLimit-Remaining': { schema: { type: 'string' } },
  'RateLimit-Reset': { schema: { type: 'string' } },
  'RateLimit-Policy': { schema: { type: 'string' } },
};

export const responses = {
  BadRequest: problem(
    'validation_failed: malformed JSON, wrong shape, unknown field or bad parameter',
  ),
  Unauthorized: problem('unauthorized: missing or unknown API key', {
    'WWW-Authenticate': { schema: { type: 'string' } },
  }),
  Forbidden: problem('forbidden: the key may not do this, or names another merchant'),
  NotFound: problem('not_found'),
  Conflict: problem(
    'conflict: the state does not allow it, or a request with the same Idempotency-Key is running; data_erased: the payload (or the answer kept for the Idempotency-Key) was erased or has expired',
  ),
  PayloadTooLarge: problem(
    'payload_too_large: the body is over 1 MiB, or a payload in it (a process input, user-action data, an approval comment) is over max_payload_bytes as JSON',
  ),
  UnsupportedMediaType: problem('unsupported_media_type: the body is not JSON'),
  HeadersTooLarge: problem(
    'headers_too_large: the request line and headers are over 16 KiB (a very long URL, say)',
  ),
  IdempotencyKeyReused: problem('idempotency_key_reused: the key was used with another request'),
  RateLimited: problem(
    'rate_limited: per key; or, for an unknown key, per address after too many unknown keys (a valid key is never held back by its address)',
    {
      'Retry-After': { schema: { type: 'string' } },
      ...rateLimitHeaders,
    },
  ),
  Internal: problem('internal'),
  Unavailable: problem(
    'unavailable: a store does not answer (the request changed nothing; make it again after Retry-After), or this process does not run the role the request needs',
    { 'Retry-After': { schema: { type: 'string' } } },
  ),
};

export const parameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Same key and same body within 24 h replays the first answer (header idempotent-replayed: true).',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
  Limit: {
    name: 'limit',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
  Cursor: { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
  MerchantIdQuery: {
    name: 'merchant_id',
    in: 'query',
    required: false,
    description: 'Implied for a merchant key; naming another merchant is 403.',
    schema: ref('MerchantId'),
  },
};

export const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key: `Authorization: Bearer sk_…`',
  },
};
