import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import * as t from 'io-ts';
import { apiKeyDecider, apiKeyStream } from '../../../domain/api-keys/apiKey.js';
import type { ApiKeyDoc } from '../../../projections/apiKeys.js';
import { API_KEYS } from '../../../projections/apiKeys.js';
import { createApiKey } from '../../auth/createApiKey.js';
import { execute } from '../execute.js';
import type { Services } from '../../services.js';
import { decodeOrThrow, strictObject } from '../codec.js';
import { MerchantId, boundedString, nullable, pageQuery } from '../codecs/common.js';
import { created, handle, noContent, ok } from '../handler.js';
import { listBody } from '../list.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem, orProblem } from '../problem.js';
import { merchantScope, metadataOf, pathParam, requireRole } from '../requestContext.js';
import { findDocs } from '../../reads/readModels.js';
import { apiKeysProjection } from '../../../projections/apiKeys.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventStore' | 'idempotency' | 'now' | 'projector' | 'readStore'>;

const KEY_ID = /^key_[0-9A-Za-z]{1,64}$/;

const CreateApiKeyBody = strictObject(
  'CreateApiKeyBody',
  {
    role: t.keyof(
      { admin: null, merchant: null, auditor: null, publisher: null },
      'admin, merchant, auditor or publisher',
    ),
  },
  { merchant_id: nullable(MerchantId), name: nullable(boundedString(1, 200)) },
);

const ListApiKeysQuery = strictObject(
  'ListApiKeysQuery',
  {},
  { ...pageQuery, merchant_id: MerchantId },
);

const present = (doc: ApiKeyDoc) => ({
  id: doc.id,
  object: 'api_key' as const,
  role: doc.role,
  merchant_id: doc.merchant_id,
  name: doc.name,
  created_at: doc.created_at,
});

export const apiKeyRoutes = (services: Needs): Router => {
  const router = exactRouter();

  router.post(
    '/v1/api-keys',
    handle(
      idempotent(
        services.idempotency,
        async (req) => {
          requireRole(req, 'admin');
          const body = decodeOrThrow(CreateApiKeyBody, req.body, 'body');
          const result = orProblem(
            await createApiKey(
              services,
              { role: body.role, merchant_id: body.merchant_id ?? null, name: body.name ?? null },
              metadataOf(req, body.merchant_id ?? null),
            ),
          );
          await services.projector.caughtUp(result.position, undefined, [apiKeysProjection.name]);
          return created(result.created);
        },
        { forget: ['key'] },
      ),
    ),
  );

  router.get(
    '/v1/api-keys',
    handle(async (req) => {
      const query = decodeOrThrow(ListApiKeysQuery, req.query, 'query');
      const merchantId = merchantScope(req, query.merchant_id);
      const page = await findDocs(services.readStore, API_KEYS, {
        where: { revoked_at: null, ...(merchantId && { merchant_id: merchantId }) },
        orderBy: { field: 'created_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      return ok(listBody(page, (doc) => present(doc as ApiKeyDoc)));
    }),
  );

  router.delete(
    '/v1/api-keys/:key_id',
    handle(async (req) => {
      requireRole(req, 'admin');
      const keyId = pathParam(req, 'key_id');
      if (!KEY_ID.test(keyId)) throw new HttpProblem('not_found', `No API key ${keyId}.`);
      await execute(
        services,
        apiKeyDecider,
        apiKeyStream(keyId),
        { type: 'revoke_api_key', key_id: keyId, now: services.now().toISOString() },
        metadataOf(req, null),
      );
      return noContent();
    }),
  );

  return router;
};
