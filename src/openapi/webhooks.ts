import { EVENT_CATALOG } from '../../domain/catalog/eventCatalog.js';
import type { EventTypeEntry } from '../../domain/catalog/eventCatalog.js';

/** The three headers of Standard Webhooks that sign every delivery. */
const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event’s id: the same for every try and every endpoint; deduplicate on it',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    description: 'Seconds since the epoch when this try was signed; refuse one far from now',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation)',
    schema: { type: 'string' },
  },
].map((header) => ({ in: 'header', required: true, ...header }));

/** The body a merchant's endpoint receives for one type: the envelope, `data` by its schema. */
const bodySchema = (entry: EventTypeEntry) => ({
  type: 'object',
  required: ['id', 'type', 'merchant_id', 'created_at', 'data'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'The event’s id, also sent as webhook-id' },
    type: { const: entry.name },
    merchant_id: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    data: entry.schema,
  },
});

const EXAMPLE_EVENT_ID = 'evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C';
const EXAMPLE_TIME = '2026-11-20T09:30:00.000Z';

/**
 * The OpenAPI 3.1 `webhooks` section: what a merchant's endpoint receives, one entry per type of
 * the catalog that webhooks deliver, with its body, an example and the signature headers. Built
 * from the catalog, so a type added there is documented here.
 */
export const webhookSection = (catalog: readonly EventTypeEntry[] = EVENT_CATALOG) =>
  Object.fromEntries(
    catalog
      .filter((entry) => entry.deliverable)
      .map((entry) => [
        entry.name,
        {
          post: {
            operationId: `receive_${entry.name.replace(/[^a-z0-9]+/g, '_')}`,
            summary: entry.description,
            description: `Sent to each enabled endpoint of the merchant whose filter_types list \`${entry.name}\` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.`,
            parameters: SIGNATURE_HEADERS,
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: bodySchema(entry),
                  example: {
                    id: EXAMPLE_EVENT_ID,
                    type: entry.name,
                    merchant_id: 'mer_acme',
                    created_at: EXAMPLE_TIME,
                    data: entry.examples[0] ?? {},
                  },
                },
              },
            },
            responses: { '2XX': { description: 'Received: no further try is made' } },
          },
        },
      ]),
  );
