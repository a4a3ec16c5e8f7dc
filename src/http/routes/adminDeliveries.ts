import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import type * as t from 'io-ts';
import { position } from '../../../domain/shared/envelope.js';
import { reconcileDeliveries } from '../../delivery/reconcile.js';
import type { Services } from '../../services.js';
import { decodeOrThrow, strictObject } from '../codec.js';
import { LogPosition } from '../codecs/audit.js';
import { PositiveInteger } from '../codecs/common.js';
import { handle, ok } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { requireRole } from '../requestContext.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'eventStore' | 'logger' | 'now' | 'projector' | 'readStore' | 'webhookBodies'
>;

const ReconcileBody = strictObject(
  'ReconcileBody',
  {},
  { from_position: LogPosition, limit: PositiveInteger },
);
type ReconcileBody = t.TypeOf<typeof ReconcileBody>;

const DEFAULT_LIMIT = 1_000;
const MAX_LIMIT = 10_000;

/** Operators: deliveries planned again from the log, after the feed lost events. */
export const adminDeliveryRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.post(
    '/v1/admin/deliveries/reconcile',
    handle(async (req) => {
      requireRole(req, 'admin');
      const body: ReconcileBody = decodeOrThrow(ReconcileBody, req.body ?? {}, 'body');
      if (body.limit !== undefined && body.limit > MAX_LIMIT)
        throw new HttpProblem('validation_failed', 'The body is not valid.', [
          { path: 'limit', message: `must be at most ${MAX_LIMIT}` },
        ]);
      const after = body.from_position === undefined ? undefined : position(body.from_position);
      const done = await reconcileDeliveries(services, after, body.limit ?? DEFAULT_LIMIT);
      return ok({
        object: 'reconciliation',
        events: done.events,
        next_position: done.nextPosition ?? null,
        has_more: done.hasMore,
      });
    }),
  );
  return router;
};
