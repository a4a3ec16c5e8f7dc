import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { businessEventStream } from '../../../domain/events/businessEvent.js';
import { unreadableOf } from '../../payloads/sealedEvents.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { WEBHOOK_MESSAGES, messageId } from '../../../projections/deliveries.js';
import { replayWindow } from '../../delivery/replay.js';
import { ReplayBody } from '../codecs/webhooks.js';
import { handle } from '../handler.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem, orProblem } from '../problem.js';
import { metadataOf, pathParam, requireRole } from '../requestContext.js';
import { deliver } from '../../delivery/deliver.js';
import { presentMessage } from '../deliveryViews.js';
import { enabled, visibleEndpoint } from '../pathResources.js';
import { getDoc } from '../../reads/readModels.js';
import { deliveriesProjection } from '../../../projections/deliveries.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'dataKeys' | 'eventStore' | 'idempotency' | 'now' | 'projector' | 'readStore'
>;

/** An event whose payload was erased or has expired cannot be sent again: 409 `data_erased`. */
const refuseUnreadable = async (services: Pick<Services, 'eventStore'>, eventId: string) => {
  const [event] = await services.eventStore.readStream(businessEventStream(eventId), { limit: 1 });
  const unreadable = event && unreadableOf(event.data as object);
  if (unreadable)
    throw new HttpProblem(
      'data_erased',
      unreadable === 'erased'
        ? `Event ${eventId}'s payload was erased; it cannot be sent again.`
        : `Event ${eventId}'s payload has expired; it cannot be sent again.`,
    );
};

/** After an incident on the receiver's side: one message sent again, or a whole window replayed. */
export const webhookRedeliveryRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.post(
    '/v1/webhooks/:endpoint_id/messages/:event_id/resend',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin', 'merchant');
        const endpoint = enabled(await visibleEndpoint(services, req));
        const eventId = pathParam(req, 'event_id');
        const message = await getDoc(
          services.readStore,
          WEBHOOK_MESSAGES,
          messageId(endpoint.id, eventId),
        );
        if (!message)
          throw new HttpProblem('not_found', `No message ${eventId} for endpoint ${endpoint.id}.`);
        await refuseUnreadable(services, message.event_id);
        const event = {
          id: message.event_id,
          type: message.event_type,
          merchant_id: message.merchant_id,
        };
        const metadata = metadataOf(req, endpoint.merchant_id);
        const position = orProblem(
          await deliver(services, event, endpoint.id, 'resend', null, metadata),
        );
        await services.projector.caughtUp(position, undefined, [deliveriesProjection.name]);
        const updated = await getDoc(services.readStore, WEBHOOK_MESSAGES, message.id);
        return { status: 202, body: presentMessage(updated ?? message) };
      }),
    ),
  );

  router.post(
    '/v1/webhooks/:endpoint_id/replay',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin', 'merchant');
        const endpoint = await visibleEndpoint(services, req);
        const body = decodeOrThrow(ReplayBody, req.body ?? {}, 'body');
        const result = await replayWindow(
          services,
          endpoint,
          {
            since: body.since,
            until: body.until,
            onlyFailed: body.only_failed ?? true,
            includeUnsent: body.include_unsent ?? false,
          },
          metadataOf(req, endpoint.merchant_id),
        );
        const replay = orProblem(result);
        await services.projector.caughtUp(replay.position, undefined, [deliveriesProjection.name]);
        const { replay_id, count, replayed, backfilled, unsent_skipped } = replay;
        return {
          status: 202,
          body: { replay_id, count, replayed, backfilled, unsent_skipped },
        };
      }),
    ),
  );

  return router;
};
