import { PORTAL_CAPABILITIES } from '../../../domain/portal/capabilities.js';
import { PORTAL_SESSION_LIFETIME_S } from '../../../domain/portal/portalSession.js';
import { authenticated, idempotentCreate, param, withBody } from '../responses.js';
import { json, object, ref, timestamp } from '../schema.js';

const r = (name: string) => ({ $ref: `#/components/responses/${name}` });

const capabilities = {
  type: 'array',
  items: { type: 'string', enum: [...PORTAL_CAPABILITIES] },
  description:
    'view: the merchant’s endpoints, messages, attempts, statistics, events and event types; manage_endpoints: create, update, delete endpoints and test filters; view_secret and rotate_secret: the signing secret; send: test sends, resends, replays. view is always granted.',
};

const PortalSession = object({
  object: { const: 'portal_session' },
  id: { type: 'string', pattern: '^ps_' },
  merchant_id: ref('MerchantId'),
  capabilities,
  url: {
    type: ['string', 'null'],
    description:
      'The sign-in link, `<base>/portal#code=<code>`, shown once: the code works once and until expires_at. An idempotent replay answers null here: the code is never stored.',
  },
  expires_at: timestamp,
  merchant_known: {
    type: 'boolean',
    description:
      'Whether the merchant has an endpoint, an event or a process instance: false for a new merchant, or for a mistyped id (the link is made all the same)',
  },
  warnings: {
    type: 'array',
    items: object({
      code: { const: 'unknown_merchant' },
      message: { type: 'string' },
    }),
    description: 'What whoever hands the link on should check first; empty when nothing',
  },
});

const PortalToken = object({
  token: {
    type: 'string',
    pattern: '^pt_',
    description: 'A bearer key acting for the merchant within its capabilities, until expires_at',
  },
  merchant_id: ref('MerchantId'),
  capabilities,
  expires_at: timestamp,
});

const merchantBody = { required: true, content: json(object({ merchant_id: ref('MerchantId') })) };

export const portalPaths = {
  '/v1/portal/sessions': {
    post: {
      tags: ['Merchant portal'],
      operationId: 'createPortalSession',
      summary: 'Create a single-use sign-in link to the merchant portal (admin)',
      parameters: [param('IdempotencyKey')],
      requestBody: {
        required: true,
        content: json(
          object(
            {
              merchant_id: ref('MerchantId'),
              capabilities: { ...capabilities, description: 'Default: every capability' },
              expires_in_s: {
                type: 'integer',
                minimum: PORTAL_SESSION_LIFETIME_S.min,
                maximum: PORTAL_SESSION_LIFETIME_S.max,
                default: PORTAL_SESSION_LIFETIME_S.default,
              },
            },
            ['capabilities', 'expires_in_s'],
          ),
        ),
      },
      responses: {
        '201': { description: 'Created', content: json(PortalSession) },
        ...authenticated,
        ...withBody,
        ...idempotentCreate,
      },
    },
  },
  '/v1/portal/exchange': {
    post: {
      security: [],
      tags: ['Merchant portal'],
      operationId: 'exchangePortalCode',
      summary:
        'Exchange a portal link’s code for a token, once; no API key (an unknown, used or expired code is a 401)',
      requestBody: { required: true, content: json(object({ code: { type: 'string' } })) },
      responses: {
        '200': { description: 'The token', content: json(PortalToken) },
        '401': r('Unauthorized'),
        '429': r('RateLimited'),
        ...withBody,
        '500': r('Internal'),
      },
    },
  },
  '/v1/portal/sessions/expire-all': {
    post: {
      tags: ['Merchant portal'],
      operationId: 'expirePortalSessions',
      summary:
        'End every portal session of a merchant (admin): its tokens and unused codes stop working at once',
      requestBody: merchantBody,
      responses: { '204': { description: 'Expired' }, ...authenticated, ...withBody },
    },
  },
};
