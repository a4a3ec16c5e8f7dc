import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { EVENTS, eventsProjection } from '../../../projections/events.js';
import { publishEvent } from '../../events/publishEvent.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { EventId, ListEventsQuery, PublishEventBody } from '../codecs/events.js';
import { handle, ok } from '../handler.js';
import { listBody } from '../list.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem, orProblem } from '../problem.js';
import { merchantScope, metadataOf, pathParam, requireRole, visibleTo } from '../requestContext.js';
import { getDoc, findDocs } from '../../reads/readModels.js';
import { openEventDocs, presentEventDoc } from '../../payloads/openedDocs.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'dataKeys' | 'eventStore' | 'eventTypes' | 'idempotency' | 'now' | 'projector' | 'readStore'
>;

/** Business events published by the platform, and their reads. */
export const eventRoutes = (services: Needs): Router => {
  const router = exactRouter();

  router.post(
    '/v1/events',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin', 'publisher');
        const body = decodeOrThrow(PublishEventBody, req.body, 'body');
        // The type must be in the catalog and the data match its schema: nothing is recorded else.
        orProblem(
          await services.eventTypes.checkPublication(body.type, body.data, body.merchant_id),
        );

        const published = orProblem(
          await publishEvent(
            services,
            {
              type: body.type,
              merchant_id: body.merchant_id,
              data: body.data,
              channels: body.channels ?? null,
              ...(body.id && { id: body.id }),
            },
            metadataOf(req, body.merchant_id),
          ),
        );
        // A business event changes the events read model only; its deliveries come later.
        await services.projector.caughtUp(published.position, undefined, [eventsProjection.name]);
        return { status: published.created ? 201 : 200, body: published.event };
      }),
    ),
  );

  router.get(
    '/v1/events/:event_id',
    handle(async (req) => {
      const id = pathParam(req, 'event_id');
      const doc = EventId.is(id) ? await getDoc(services.readStore, EVENTS, id) : undefined;
      if (!doc || !visibleTo(req, doc.merchant_id))
        throw new HttpProblem('not_found', `No event ${id}.`);
      return ok(await presentEventDoc(services.dataKeys, doc));
    }),
  );

  router.get(
    '/v1/events',
    handle(async (req) => {
      const query = decodeOrThrow(ListEventsQuery, req.query, 'query');
      const merchantId = merchantScope(req, query.merchant_id);
      const page = await findDocs(services.readStore, EVENTS, {
        where: {
          ...(merchantId && { merchant_id: merchantId }),
          ...(query.type && { type: query.type }),
        },
        orderBy: { field: 'created_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      const docs = await openEventDocs(services.dataKeys, page.docs, presentEventDoc);
      return ok(listBody({ ...page, docs }, (doc) => doc));
    }),
  );

  return router;
};
