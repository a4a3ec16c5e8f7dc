import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { MAX_REASON_LENGTH } from '../../../domain/merchants/merchantErasure.js';
import { MERCHANT_ID_PATTERN } from '../../../domain/shared/merchant.js';
import { MERCHANT_ERASURES } from '../../../projections/merchantErasures.js';
import { abandonErasedDeliveries, eraseMerchant } from '../../payloads/eraseMerchant.js';
import { findDocs } from '../../reads/readModels.js';
import type { Services } from '../../services.js';
import { decodeOrThrow, strictObject } from '../codec.js';
import { boundedString, pageQuery } from '../codecs/common.js';
import { handle, ok } from '../handler.js';
import { listBody } from '../list.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem } from '../problem.js';
import { metadataOf, pathParam, requireRole } from '../requestContext.js';

type Needs = Pick<
  Services,
  | 'dataKeys'
  | 'eventStore'
  | 'idempotency'
  | 'logger'
  | 'now'
  | 'projector'
  | 'readStore'
  | 'webhookBodies'
>;

const EraseBody = strictObject('EraseBody', { reason: boundedString(1, MAX_REASON_LENGTH) }, {});
const ListErasuresQuery = strictObject('ListErasuresQuery', {}, pageQuery);

/** A merchant's right to erasure (PRODUCT.md 14): its payloads made unreadable, its history kept. */
export const merchantErasureRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.post(
    '/v1/merchants/:merchant_id/erase',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin');
        const merchantId = pathParam(req, 'merchant_id');
        if (!MERCHANT_ID_PATTERN.test(merchantId))
          throw new HttpProblem('validation_failed', 'The merchant id is not valid.', [
            { path: 'merchant_id', message: 'must be mer_ followed by 1 to 64 of A-Z a-z 0-9 _ -' },
          ]);
        const { reason } = decodeOrThrow(EraseBody, req.body ?? {}, 'body');
        const erasure = await eraseMerchant(
          services,
          merchantId,
          reason,
          metadataOf(req, merchantId),
        );
        // Its deliveries still due are abandoned after the answer: each would be abandoned anyway
        // when its try came due, finding no payload to send.
        abandonErasedDeliveries(services, erasure).catch((err: unknown) =>
          services.logger.warn(
            { err, merchant_id: merchantId },
            'abandoning the erased deliveries stopped; each is abandoned when it comes due',
          ),
        );
        return { status: 202, body: { erased_at: erasure.data.erased_at } };
      }),
    ),
  );

  router.get(
    '/v1/admin/erasures',
    handle(async (req) => {
      requireRole(req, 'admin', 'auditor');
      const query = decodeOrThrow(ListErasuresQuery, req.query, 'query');
      const page = await findDocs(services.readStore, MERCHANT_ERASURES, {
        orderBy: { field: 'erased_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      return ok(listBody(page, (doc) => doc));
    }),
  );
  return router;
};
