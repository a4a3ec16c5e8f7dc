import { list, nullable, object, timestamp } from './schema.js';

/** What was sent to an endpoint: its attempts, and one message per event (PRODUCT.md 7, 14). */
export const deliverySchemas = {
  WebhookAttempt: object(
    {
      id: { type: 'string', pattern: '^atm_' },
      object: { const: 'webhook_attempt' },
      endpoint_id: { type: 'string' },
      event_id: { type: 'string' },
      event_type: { type: 'string' },
      attempt_number: { type: 'integer', minimum: 1 },
      trigger: { enum: ['initial', 'retry', 'resend', 'replay', 'test'] },
      status: { enum: ['succeeded', 'failed'] },
      url: { type: 'string' },
      response_status_code: { type: ['integer', 'null'] },
      response_body: {
        type: ['string', 'null'],
        description:
          'The first 4 KiB of the answer, as text; null when there was none, or once the merchant’s data was erased or is older than the retention period',
      },
      error: {
        anyOf: [
          object({
            code: {
              enum: [
                'timeout',
                'connection_refused',
                'connection_reset',
                'dns',
                'tls',
                'http_status',
                'url_blocked',
              ],
            },
            message: { type: 'string' },
          }),
          { type: 'null' },
        ],
      },
      duration_ms: { type: 'integer', minimum: 0 },
      created_at: timestamp,
      next_attempt_at: nullable(timestamp),
      response_body_erased: {
        const: true,
        description: 'Present when the answer had a body that was erased with its merchant’s data',
      },
      response_body_expired: {
        const: true,
        description: 'Present when the answer had a body older than the retention period',
      },
    },
    ['response_body_erased', 'response_body_expired'],
  ),
  WebhookAttemptList: list('WebhookAttempt'),
  WebhookMessage: object(
    {
      id: {
        type: 'string',
        description: 'The event id: one message per event sent to the endpoint',
      },
      object: { const: 'webhook_message' },
      endpoint_id: { type: 'string' },
      event_id: { type: 'string' },
      event_type: { type: 'string' },
      status: {
        enum: ['pending', 'succeeded', 'failed'],
        description:
          'pending: waiting for its next attempt (a retry when last_attempt_status is failed); failed: given up',
      },
      attempts: { type: 'integer', minimum: 0 },
      last_attempt_at: nullable(timestamp),
      last_attempt_status: {
        enum: ['succeeded', 'failed', null],
        description: 'How the last attempt went; null before the first',
      },
      next_attempt_at: nullable(timestamp),
      created_at: timestamp,
      erased: {
        const: true,
        description:
          'Present when the event’s payload was erased with its merchant’s data: it cannot be sent again (409 data_erased)',
      },
      erased_at: {
        ...nullable(timestamp),
        description: 'When the payload was erased (with erased)',
      },
      data_expired: {
        const: true,
        description:
          'Present when the event’s payload is older than SLUICE_PAYLOAD_RETENTION_DAYS: it cannot be sent again (409 data_erased)',
      },
      data_expired_at: {
        ...nullable(timestamp),
        description: 'When the payload stopped being kept (with data_expired)',
      },
    },
    ['erased', 'erased_at', 'data_expired', 'data_expired_at'],
  ),
  WebhookMessageList: list('WebhookMessage'),
};
