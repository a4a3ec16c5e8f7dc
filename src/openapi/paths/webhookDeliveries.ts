import {
  authenticated,
  badRequest,
  idempotentCreate,
  notFound,
  param,
  withBody,
} from '../responses.js';
import { json, object, ref } from '../schema.js';

/** What a replay of a window answers: what it sent again told apart from what it back-filled. */
export const replaySchemas = {
  Replay: object({
    replay_id: { type: 'string', pattern: '^rpl_' },
    count: {
      type: 'integer',
      minimum: 0,
      description: 'Every message queued: replayed + backfilled',
    },
    replayed: {
      type: 'integer',
      minimum: 0,
      description: 'Messages sent to the endpoint before, sent again',
    },
    backfilled: {
      type: 'integer',
      minimum: 0,
      description: 'Events never sent to the endpoint, sent for the first time (include_unsent)',
    },
    unsent_skipped: {
      type: 'integer',
      minimum: 0,
      description:
        'Events of the window the endpoint receives but was never sent, left out without include_unsent',
    },
  }),
};

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
      summary: 'Send again the events of a window that were sent to the endpoint',
      description:
        'Every event of the merchant in the window that the endpoint receives and was sent to it ' +
        'before (it has a message for it) is sent again, with its webhook-id. With only_failed ' +
        '(the default), events already delivered successfully to it are left out. Events never ' +
        'sent to it (published before it existed, say) are sent for the first time only with ' +
        'include_unsent: a back-fill. Every attempt a replay causes has trigger "replay", so a ' +
        "back-filled message's first attempt is a replay, where a message sent as published " +
        'begins with an "initial" one.',
      parameters: [endpointId, param('IdempotencyKey')],
      requestBody: {
        required: true,
        content: json(
          object(
            {
              since: { type: 'string', format: 'date-time' },
              until: { type: 'string', format: 'date-time', description: 'Default: now' },
              only_failed: { type: 'boolean', default: true },
              include_unsent: {
                type: 'boolean',
                default: false,
                description: 'Also send, for the first time, the events never sent to the endpoint',
              },
            },
            ['until', 'only_failed', 'include_unsent'],
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
