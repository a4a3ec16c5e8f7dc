import {
  authenticated,
  badRequest,
  notFound,
  param,
  unprocessable,
  withBody,
} from '../responses.js';
import { nullable, object } from '../schema.js';

const conflict = { '409': { $ref: '#/components/responses/Conflict' } };

/** `sluice listen`: a merchant's deliveries forwarded by a developer's machine. */
export const listenPaths = {
  '/v1/listen': {
    get: {
      tags: ['Deliveries'],
      operationId: 'listenForDeliveries',
      summary:
        'Receive the merchant’s deliveries as they happen, over server-sent events (what sluice listen forwards)',
      description:
        'Opens the key’s listening endpoint (the same one each time, so its signing secret stays, until no one has listened on it for SLUICE_LISTENER_IDLE_S, default a day: then it is deleted and the next listen makes it again, with a new secret) for the types in `events`, or all. Endpoint lists leave it out (GET /v1/webhooks?include_listeners=true shows it). The stream sends `ready` `{ endpoint_id, merchant_id, filter_types, secret }` (secret null for a portal session without view_secret), then one `delivery` `{ try, event_id, event_type, headers, body }` per try: forward `body` with `headers` exactly, and answer with POST /v1/listen/attempts. Failed tries are retried on the schedule. Closing the stream disables the endpoint: its pending deliveries are abandoned. The service never connects to the listener.',
      parameters: [
        param('MerchantIdQuery'),
        {
          name: 'events',
          in: 'query',
          required: false,
          schema: { type: 'string', pattern: '^[a-z0-9_.]+(,[a-z0-9_.]+)*$' },
          description:
            'Deliverable event types, comma-separated; absent: every type. Others: 422 invalid_filter_type',
        },
      ],
      responses: {
        '200': {
          description: 'The stream of deliveries',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        ...badRequest,
        ...authenticated,
        ...conflict,
        ...unprocessable('invalid_filter_type'),
      },
    },
  },
  '/v1/listen/attempts': {
    post: {
      tags: ['Deliveries'],
      operationId: 'answerListenedDelivery',
      summary: 'Record what the listener’s local receiver answered to a try, as its attempt',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: object(
              {
                try: {
                  type: 'string',
                  maxLength: 4096,
                  description:
                    'The delivery’s `try`, exactly as handed out: the service signed it, and answers it only from the key whose listener it was handed to, for a delivery of that listener (404 otherwise)',
                },
                status_code: {
                  ...nullable({ type: 'integer', minimum: 100, maximum: 599 }),
                  description: 'null when the local receiver could not be reached',
                },
                duration_ms: { type: 'number', minimum: 0, maximum: 3600000 },
                body: { ...nullable({ type: 'string' }), description: 'What it answered' },
                error: nullable(
                  object({
                    code: {
                      type: 'string',
                      enum: ['timeout', 'connection_refused', 'connection_reset', 'dns'],
                    },
                    message: { type: 'string', maxLength: 1000 },
                  }),
                ),
              },
              ['body', 'error'],
            ),
          },
        },
      },
      responses: {
        '204': { description: 'Recorded; a failed try is retried on the schedule' },
        ...authenticated,
        ...withBody,
        ...notFound,
        ...conflict,
      },
    },
  },
};
