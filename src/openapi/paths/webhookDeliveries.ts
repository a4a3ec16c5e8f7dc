import {
  authenticated,
  badRequest,
  idempotentCreate,
  notFound,
  param,
  withBody,
} from '../responses.js';
import { json, object, ref } from '../schema.js';

const endpointId = {
  name: 'endpoint_id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^we_' },
};
const conflict = { '409': { $ref: '#/components/responses/Conflict' } };

export const webhookDeliveryPaths = {
  '/v1/webhooks/test': {
    post: {
      tags: ['Deliveries'],
      operationId: 'testWebhook',
      summary:
        'Send a webhook.test event to one endpoint, or to every enabled endpoint of the merchant',
      description: 'Test events reach the named endpoints whatever their filter_types.',
      parameters: [param('IdempotencyKey')],
      requestBody: {
        required: false,
        content: json(
          object(
            {
              merchant_id: {
                ...ref('MerchantId'),
                description: 'Required for an admin key; implied for a merchant key',
              },
              endpoint_id: { type: 'string' },
              data: { type: 'object', additionalProperties: true },
            },
            ['merchant_id', 'endpoint_id', 'data'],
          ),
        ),
      },
      responses: {
        '202': { description: 'Planned', content: json(ref('TestDelivery')) },
        ...authenticated,
        ...idempotentCreate,
        ...withBody,
        ...notFound,
        ...conflict,
      },
    },
  },
  '/v1/webhooks/{endpoint_id}/attempts': {
    get: {
      tags: ['Deliveries'],
      operationId: 'listWebhookAttempts',
      summary: 'The endpoint’s delivery attempts, newest first',
      parameters: [
        endpointId,
        param('MerchantIdQuery'),
        { name: 'status', in: 'query', required: false, schema: { enum: ['succeeded', 'failed'] } },
        { name: 'event_type', in: 'query', required: false, schema: { type: 'string' } },
        param('Limit'),
        param('Cursor'),
      ],
      responses: {
        '200': { description: 'A page of attempts', content: json(ref('WebhookAttemptList')) },
        ...badRequest,
        ...authenticated,
        ...notFound,
      },
    },
  },
  '/v1/webhooks/{endpoint_id}/messages': {
    get: {
      tags: ['Deliveries'],
      operationId: 'listWebhookMessages',
      summary: 'One row per event sent to the endpoint, newest first',
      parameters: [
        endpointId,
        param('MerchantIdQuery'),
        {
          name: 'status',
          in: 'query',
          required: false,
          schema: { enum: ['pending', 'succeeded', 'failed'] },
        },
        param('Limit'),
        param('Cursor'),
      ],
      responses: {
        '200': { description: 'A page of messages', content: json(ref('WebhookMessageList')) },
        ...badRequest,
        ...authenticated,
        ...notFound,
      },
    },
  },
  '/v1/webhooks/{endpoint_id}/messages/{event_id}/resend': {
    post: {
      tags: ['Deliveries'],
      operationId: 'resendWebhookMessage',
      summary: 'Send one message again, with the same webhook-id',
      parameters: [
        endpointId,
        { name: 'event_id', in: 'path', required: true, schema: { type: 'string' } },
        param('IdempotencyKey'),
      ],
      responses: {
        '202': { description: 'Queued', content: json(ref('WebhookMessage')) },
        ...authenticated,
        ...notFound,
        ...idempotentCreate,
      },
    },
  },
  '/v1/webhooks/{endpoint_id}/replay': {
    post: {
      tags: ['Deliveries'],
      operationId: 'replayWebhookMessages',
      summary: 'Send again every event of the merchant in a window that the endpoint receives',
      description:
        'With only_failed (the default), events already delivered successfully to the endpoint are left out.',
      parameters: [endpointId, param('IdempotencyKey')],
      requestBody: {
        required: true,
        content: json(
          object(
            {
              since: { type: 'string', format: 'date-time' },
              until: { type: 'string', format: 'date-time', description: 'Default: now' },
              only_failed: { type: 'boolean', default: true },
            },
            ['until', 'only_failed'],
          ),
        ),
      },
      responses: {
        '202': { description: 'Queued', content: json(ref('Replay')) },
        ...authenticated,
        ...withBody,
        ...notFound,
        ...idempotentCreate,
      },
    },
  },
};
