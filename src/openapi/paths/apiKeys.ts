import { authenticated, idempotentCreate, notFound, param, withBody } from '../responses.js';
import { json, nullable, object, ref } from '../schema.js';

export const apiKeyPaths = {
  '/v1/api-keys': {
    post: {
      tags: ['API keys'],
      operationId: 'createApiKey',
      summary: 'Create an API key (admin); the key is in this answer only',
      parameters: [param('IdempotencyKey')],
      requestBody: {
        required: true,
        content: json(
          object(
            {
              role: ref('Role'),
              merchant_id: {
                ...nullable(ref('MerchantId')),
                description: 'Required for role merchant, absent otherwise',
              },
              name: { type: ['string', 'null'], maxLength: 200 },
            },
            ['merchant_id', 'name'],
          ),
        ),
      },
      responses: {
        '201': { description: 'Created', content: json(ref('ApiKeyCreated')) },
        ...authenticated,
        ...withBody,
        ...idempotentCreate,
      },
    },
    get: {
      tags: ['API keys'],
      operationId: 'listApiKeys',
      summary:
        'List the active API keys, newest first; a merchant key sees its own merchant’s keys',
      parameters: [param('Limit'), param('Cursor'), param('MerchantIdQuery')],
      responses: {
        '200': { description: 'A page of keys', content: json(ref('ApiKeyList')) },
        '400': { $ref: '#/components/responses/BadRequest' },
        ...authenticated,
      },
    },
  },
  '/v1/api-keys/{key_id}': {
    delete: {
      tags: ['API keys'],
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key (admin); it stops working at once',
      parameters: [{ name: 'key_id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '204': { description: 'Revoked' }, ...authenticated, ...notFound },
    },
  },
};
