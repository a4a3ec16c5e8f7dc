import { authenticated, badRequest, notFound, param } from '../responses.js';
import { json, nullable, object, timestamp } from '../schema.js';

const count = { type: 'integer', minimum: 0 };

const bucket = object({
  start: { ...timestamp, description: 'Where the bucket begins, on the interval’s boundary (UTC)' },
  succeeded: count,
  failed: count,
});

const stats = object({
  object: { const: 'webhook_endpoint_stats' },
  endpoint_id: { type: 'string' },
  interval: { enum: ['hour', 'day'] },
  buckets: {
    type: 'array',
    description: 'Every bucket the range touches, oldest first, zeros included',
    items: bucket,
  },
  messages: object({ pending: count, succeeded: count, failed: count }),
  failing_streak: {
    ...nullable(
      object({
        first_failure_at: {
          ...timestamp,
          description: 'The first failed attempt after the last success (or after none)',
        },
        last_failure_at: { ...timestamp, description: 'The latest failed attempt' },
        failed_attempts: { ...count, description: 'Failed attempts since the last success' },
      }),
    ),
    description:
      'The run of failed attempts the endpoint is in now; null once an attempt succeeds, or before any attempt',
  },
});

const dateTime = (name: string, description: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string', format: 'date-time' },
});

export const webhookStatsPaths = {
  '/v1/webhooks/{endpoint_id}/stats': {
    get: {
      tags: ['Deliveries'],
      operationId: 'getWebhookEndpointStats',
      summary:
        'The endpoint’s attempts by outcome over time, its messages by status now, and whether it is failing now',
      description:
        'Attempts are counted when they were made, in buckets of an hour or a day (UTC). The range may span at most 31 days by hour, 366 days by day.',
      parameters: [
        {
          name: 'endpoint_id',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^we_' },
        },
        param('MerchantIdQuery'),
        dateTime('since', 'Start of the range. Default: 24 hours before until'),
        dateTime('until', 'End of the range, excluded. Default: now'),
        {
          name: 'interval',
          in: 'query',
          required: false,
          schema: { enum: ['hour', 'day'], default: 'hour' },
        },
      ],
      responses: {
        '200': { description: 'The endpoint’s statistics', content: json(stats) },
        ...badRequest,
        ...authenticated,
        ...notFound,
      },
    },
  },
};
