import { MAX_FILTER_LENGTH } from '../../../domain/webhooks/endpointFilter.js';
import { MAX_CHECKED_TYPES } from '../../http/codecs/webhooks.js';
import { authenticated, unprocessable, withBody } from '../responses.js';
import { json, object, ref } from '../schema.js';

export const webhookFilterPaths = {
  '/v1/webhook-filters/test': {
    post: {
      tags: ['Webhook endpoints'],
      operationId: 'testWebhookFilter',
      summary:
        'Would an endpoint with this filter receive this event? Evaluated on the body it would be delivered with; nothing is recorded',
      requestBody: {
        required: true,
        content: json(
          object({
            filter: {
              type: 'string',
              minLength: 1,
              maxLength: MAX_FILTER_LENGTH,
              description: 'A JSONata expression, as an endpoint’s filter',
            },
            event: object(
              {
                type: { type: 'string', minLength: 1, maxLength: 128 },
                data: { type: 'object', additionalProperties: true },
                merchant_id: {
                  ...ref('MerchantId'),
                  description:
                    'Required for an admin key; implied for a merchant key (another merchant: 403)',
                },
                channels: {
                  ...ref('Channels'),
                  description: 'Checked as on publish; not in the delivered body',
                },
              },
              ['merchant_id', 'channels'],
            ),
          }),
        ),
      },
      responses: {
        '200': {
          description: 'Whether the filter matches, and why it could not be evaluated if so',
          content: json(ref('WebhookFilterTest')),
        },
        ...authenticated,
        ...withBody,
        ...unprocessable('invalid_filter'),
      },
    },
  },
  '/v1/webhook-filters/check': {
    post: {
      tags: ['Webhook endpoints'],
      operationId: 'checkWebhookFilter',
      summary:
        'Does this filter read fields that the schemas of these event types do not declare? Nothing is evaluated or recorded',
      requestBody: {
        required: true,
        content: json(
          object({
            filter: {
              type: 'string',
              minLength: 1,
              maxLength: MAX_FILTER_LENGTH,
              description: 'A JSONata expression, as an endpoint’s filter',
            },
            filter_types: {
              type: 'array',
              items: { type: 'string', minLength: 1, maxLength: 128 },
              minItems: 1,
              maxItems: MAX_CHECKED_TYPES,
              description: 'The types the endpoint lists; names not in the catalog are passed over',
            },
          }),
        ),
      },
      responses: {
        '200': {
          description: 'What the filter reads that a type lacks, one warning per type and path',
          content: json(ref('WebhookFilterCheck')),
        },
        ...authenticated,
        ...withBody,
        ...unprocessable('invalid_filter'),
      },
    },
  },
};
