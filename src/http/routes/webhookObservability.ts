import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import type { AttemptDoc, MessageDoc } from '../../../projections/deliveries.js';
import { WEBHOOK_ATTEMPTS, WEBHOOK_MESSAGES } from '../../../projections/deliveries.js';
import { ListAttemptsQuery, ListMessagesQuery } from '../codecs/webhooks.js';
import { handle, ok } from '../handler.js';
import { listBody } from '../list.js';
import { presentAttempt, presentMessage } from '../deliveryViews.js';
import { scopedEndpoint } from '../pathResources.js';
import { openAttemptDoc } from '../../payloads/openedDocs.js';
import { unreadablePayloads } from '../../payloads/payloadStanding.js';
import { EVENTS } from '../../../projections/events.js';
import { findDocs, getDoc } from '../../reads/readModels.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'dataKeys' | 'readStore'>;

/**
 * Whether the payloads of these messages' events can still be read (erased or expired since):
 * a page's events read by id, and each data key looked up once. Nothing is opened.
 */
const unreadableOf = async (services: Needs, docs: readonly MessageDoc[]) => {
  const events = await Promise.all(
    docs.map((doc) => getDoc(services.readStore, EVENTS, doc.event_id)),
  );
  const unreadable = await unreadablePayloads(
    services.dataKeys,
    events.map((event) => event?.data),
  );
  return new Map(docs.map((doc, i) => [doc.id, unreadable[i]]));
};

/** What was sent to an endpoint: its attempts, and one message per event. */
export const webhookObservabilityRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.get(
    '/v1/webhooks/:endpoint_id/attempts',
    handle(async (req) => {
      const query = decodeOrThrow(ListAttemptsQuery, req.query, 'query');
      const endpoint = await scopedEndpoint(services, req);
      const page = await findDocs(services.readStore, WEBHOOK_ATTEMPTS, {
        where: {
          endpoint_id: endpoint.id,
          ...(query.status && { status: query.status }),
          ...(query.event_type && { event_type: query.event_type }),
        },
        orderBy: { field: 'created_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      const docs = await Promise.all(
        page.docs.map((doc) => openAttemptDoc(services.dataKeys, doc)),
      );
      return ok(listBody({ ...page, docs }, (doc) => presentAttempt(doc as AttemptDoc)));
    }),
  );

  router.get(
    '/v1/webhooks/:endpoint_id/messages',
    handle(async (req) => {
      const query = decodeOrThrow(ListMessagesQuery, req.query, 'query');
      const endpoint = await scopedEndpoint(services, req);
      const page = await findDocs(services.readStore, WEBHOOK_MESSAGES, {
        where: { endpoint_id: endpoint.id, ...(query.status && { status: query.status }) },
        orderBy: { field: 'created_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      const unreadable = await unreadableOf(services, page.docs);
      return ok(listBody(page, (doc) => presentMessage(doc as MessageDoc, unreadable.get(doc.id))));
    }),
  );

  return router;
};
