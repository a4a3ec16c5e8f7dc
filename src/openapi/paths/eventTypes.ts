import {
  authenticated,
  idempotentCreate,
  notFound,
  param,
  unprocessable,
  withBody,
} from '../responses.js';
import { json, ref } from '../schema.js';

const eventTypeName = {
  name: 'event_type',
  in: 'path',
  required: true,
  description: 'The type’s name',
  schema: { type: 'string', examples: ['order.created'] },
};

/** The event catalog (PRODUCT.md 6 and 12): read by every key, changed by the admin. */
export const eventTypePaths = {
  '/v1/event-types': {
    get: {
      tags: ['Events'],
      operationId: 'listEventTypes',
      summary:
        'The event catalog: every type, its family, meaning, schema and examples, and whether webhooks deliver it',
      responses: {
        '200': {
          description: 'The whole catalog, in one page: built-in types first, then registered ones',
          content: json(ref('EventTypeList')),
        },
        ...authenticated,
      },
    },
    post: {
      tags: ['Events'],
      operationId: 'createEventType',
      summary: 'Register a platform event type, with the schema of its data (admin)',
      description:
        'Registrations are events of the log (event_type.registered), shown in the audit log. Types are never deleted. Once registered, the type is published through POST /v1/events, its data checked against its schema, and delivered when deliverable.',
      parameters: [param('IdempotencyKey')],
      requestBody: { required: true, content: json(ref('RegisterEventType')) },
      responses: {
        '201': {
          description: 'Registered, version 1',
          headers: { Location: { schema: { type: 'string' } } },
          content: json(ref('EventType')),
        },
        ...authenticated,
        ...withBody,
        ...idempotentCreate,
        ...unprocessable('invalid_schema', 'idempotency_key_reused'),
      },
    },
  },
  '/v1/event-types/{event_type}': {
    get: {
      tags: ['Events'],
      operationId: 'getEventType',
      summary: 'One event type of the catalog',
      parameters: [eventTypeName],
      responses: {
        '200': { description: 'The type', content: json(ref('EventType')) },
        ...authenticated,
        ...notFound,
      },
    },
    post: {
      tags: ['Events'],
      operationId: 'updateEventType',
      summary: 'Change a type’s description, schema, examples or deprecation (admin)',
      description:
        'For built-in and registered types alike; recorded as event_type.updated. A new schema adds one to version and is enforced on publications at once (within a second on other API processes). A deprecated type is still published and delivered to the endpoints that list it, but no endpoint may newly list it.',
      parameters: [eventTypeName],
      requestBody: { required: true, content: json(ref('UpdateEventType')) },
      responses: {
        '200': { description: 'The type as it now stands', content: json(ref('EventType')) },
        ...authenticated,
        ...withBody,
        ...notFound,
        ...unprocessable('invalid_schema'),
      },
    },
  },
};
