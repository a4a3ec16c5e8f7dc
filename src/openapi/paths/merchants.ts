import { authenticated, badRequest, idempotentCreate, param, withBody } from '../responses.js';
import { json, list, object, ref, timestamp } from '../schema.js';

export const merchantErasureSchemas = {
  MerchantErasure: object({
    id: ref('MerchantId'),
    object: { const: 'merchant_erasure' },
    merchant_id: ref('MerchantId'),
    erased_at: { ...timestamp, description: 'The last erasure' },
    reason: { type: 'string' },
    erasures: {
      type: 'integer',
      minimum: 1,
      description: 'How many times the merchant was erased',
    },
  }),
  MerchantErasureList: list('MerchantErasure'),
};

export const merchantPaths = {
  '/v1/merchants/{merchant_id}/erase': {
    post: {
      tags: ['Audit and operations'],
      operationId: 'eraseMerchantData',
      summary: 'Erase a merchant’s payloads by destroying its data keys (admin)',
      description:
        'Crypto-shredding: every data key of the merchant is destroyed, so that no payload of the merchant recorded before erased_at (event data, webhook bodies, receivers’ answers, kept idempotent answers) can be read again, from the log, the read models, a rebuild or a copy of the data. The erasure is recorded as merchant.data_erased (not delivered); ids, types, times, statuses and the audit metadata stay. Its events then read data: null, erased: true; resend and replay of them answer 409 data_erased; its pending deliveries are abandoned. New events of the merchant are accepted under a new key.',
      parameters: [
        { name: 'merchant_id', in: 'path', required: true, schema: ref('MerchantId') },
        param('IdempotencyKey'),
      ],
      requestBody: {
        required: true,
        content: json(
          object({
            reason: {
              type: 'string',
              minLength: 1,
              maxLength: 1000,
              description: 'Why, for the audit log (a request reference, say)',
            },
          }),
        ),
      },
      responses: {
        '202': {
          description: 'Erased; the abandonment of its pending deliveries follows',
          content: json(object({ erased_at: timestamp })),
        },
        ...authenticated,
        ...withBody,
        ...idempotentCreate,
      },
    },
  },
  '/v1/admin/erasures': {
    get: {
      tags: ['Audit and operations'],
      operationId: 'listMerchantErasures',
      summary: 'The merchants whose data was erased, the latest erasure first (admin, auditor)',
      parameters: [param('Limit'), param('Cursor')],
      responses: {
        '200': { description: 'A page of erasures', content: json(ref('MerchantErasureList')) },
        ...badRequest,
        ...authenticated,
      },
    },
  },
};
