import { EVENT_CATALOG } from '../../../domain/catalog/eventCatalog.js';
import { eventTypePaths } from './eventTypes.js';
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

export const eventPaths = {
  ...eventTypePaths,
  '/v1/events': {
    post: {
      tags: ['Events'],
      operationId: 'publishEvent',
      summary: 'Publish a business event (admin, publisher); idempotent on `id`',
      description:
        'Catalog types (built-in and registered) and `extension.*` types are accepted; `extension.*` events are recorded but never delivered. `data` must match the current schema of its type (422 event_data_invalid, each fault at its path under data; nothing is recorded); `extension.*` data may be any object. Publishing an `id` again with the same content answers 200 with the event; with other content, 409.',
      parameters: [param('IdempotencyKey')],
      requestBody: {
        required: true,
        content: json(
          object(
            {
              type: { type: 'string', examples: EVENT_CATALOG.slice(0, 3).map((e) => e.name) },
              merchant_id: ref('MerchantId'),
              data: {
                type: 'object',
                additionalProperties: true,
                description: 'The business payload, at most 256 KiB as JSON',
              },
              id: { type: 'string', pattern: '^evt_[A-Za-z0-9_-]{1,64}$' },
              channels: ref('Channels'),
            },
            ['id', 'channels'],
          ),
        ),
      },
      responses: {
        '200': {
          description: 'Already published with this id and content',
          content: json(ref('Event')),
        },
        '201': { description: 'Published', content: json(ref('Event')) },
        ...authenticated,
        ...withBody,
        ...idempotentCreate,
        ...unprocessable('unknown_event_type', 'event_data_invalid', 'idempotency_key_reused'),
      },
    },
    get: {
      tags: ['Events'],
      operationId: 'listEvents',
      summary: 'List business events, newest first',
      parameters: [
        param('Limit'),
        param('Cursor'),
        param('MerchantIdQuery'),
        { name: 'type', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description: 'A page of events', content: json(ref('EventList')) },
        ...badRequest,
        ...authenticated,
      },
    },
  },
  '/v1/events/{event_id}': {
    get: {
      tags: ['Events'],
      operationId: 'getEvent',
      summary: 'One business event',
      parameters: [{ name: 'event_id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'The event', content: json(ref('Event')) },
        ...authenticated,
        ...notFound,
      },
    },
  },
};
