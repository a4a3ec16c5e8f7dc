import { authenticated, badRequest, notFound, unavailable, withBody } from '../responses.js';
import { json, object, ref } from '../schema.js';

const query = (name: string, schema: Record<string, unknown>, description: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const projectionName = {
  name: 'name',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'A name from GET /v1/admin/projections',
};

export const operationsPaths = {
  '/v1/audit/events': {
    get: {
      tags: ['Audit and operations'],
      operationId: 'listAuditEvents',
      summary: 'The whole log, oldest first, paged by position (admin, auditor)',
      description:
        'With direction=backward the log is read from its end, newest first: the latest events, page by page towards the start.',
      parameters: [
        query(
          'from_position',
          { type: 'string', pattern: '^(0|[1-9][0-9]{0,19})$' },
          'Events after this position (a next_position or an event’s position); absent: from the start. Reading backward: events before it; absent: from the end',
        ),
        query(
          'direction',
          { enum: ['forward', 'backward'], default: 'forward' },
          'forward: oldest first; backward: newest first, from the end of the log',
        ),
        query(
          'limit',
          { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          'Events per page',
        ),
        query('type', { type: 'string', maxLength: 200 }, 'Only events of this exact type'),
        query('merchant_id', ref('MerchantId'), 'Only events of this merchant'),
        query('stream', { type: 'string', maxLength: 300 }, 'Only events of this exact stream'),
        query(
          'correlation_id',
          { type: 'string', minLength: 1, maxLength: 200 },
          'Only the events of one correlation: the chain of events one request or event set off',
        ),
      ],
      responses: {
        '200': { description: 'A page of the log', content: json(ref('AuditEventPage')) },
        ...badRequest,
        ...authenticated,
      },
    },
  },
  '/v1/admin/projections': {
    get: {
      tags: ['Audit and operations'],
      operationId: 'listProjections',
      summary: 'Each projection’s checkpoint, lag and status (admin, auditor)',
      responses: {
        '200': { description: 'Every projection', content: json(ref('ProjectionList')) },
        ...authenticated,
      },
    },
  },
  '/v1/admin/projections/{name}': {
    get: {
      tags: ['Audit and operations'],
      operationId: 'getProjection',
      summary: 'One projection’s checkpoint, lag, status and rebuild progress (admin, auditor)',
      parameters: [projectionName],
      responses: {
        '200': { description: 'The projection', content: json(ref('Projection')) },
        ...authenticated,
        ...notFound,
      },
    },
  },
  '/v1/admin/projections/{name}/rebuild': {
    post: {
      tags: ['Audit and operations'],
      operationId: 'rebuildProjection',
      summary:
        'Rebuild a projection from position 0 beside the live one, swapped in when caught up; reads keep working (admin)',
      description:
        'Answers at once with the projection, status rebuilding; follow its progress with GET. A request while a rebuild of the same projection is under way joins it. In the distributed mode a rebuild runs in a process of the projector role: another process answers 503.',
      parameters: [projectionName],
      responses: {
        '202': { description: 'The rebuild is under way', content: json(ref('Projection')) },
        ...authenticated,
        ...notFound,
        ...unavailable,
      },
    },
  },
  '/v1/admin/deliveries/reconcile': {
    post: {
      tags: ['Audit and operations'],
      operationId: 'reconcileDeliveries',
      summary: 'Plan again, from the log, the deliveries of a stretch of business events (admin)',
      description:
        "After the feed lost events (the distributed mode's topic lost or expired data past the relay's checkpoint), walks the log from from_position, at most limit business events per call, and plans each event to the endpoints that receive it. What was planned already is left as it is: planning is idempotent. Call again with next_position while has_more.",
      requestBody: {
        required: false,
        content: json(
          object(
            {
              from_position: {
                type: 'string',
                pattern: '^(0|[1-9][0-9]{0,19})$',
                description: 'Exclusive; the start of the log when absent',
              },
              limit: { type: 'integer', minimum: 1, maximum: 10000, default: 1000 },
            },
            ['from_position', 'limit'],
          ),
        ),
      },
      responses: {
        '200': {
          description: 'The stretch was planned',
          content: json(
            object({
              object: { type: 'string', const: 'reconciliation' },
              events: { type: 'integer', description: 'Business events read and planned again' },
              next_position: { type: ['string', 'null'] },
              has_more: { type: 'boolean' },
            }),
          ),
        },
        ...authenticated,
        ...withBody,
      },
    },
  },
};
