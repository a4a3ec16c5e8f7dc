import { Router } from 'express';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import type { Position } from '../../../domain/shared/envelope.js';
import { comparePositions } from '../../../domain/shared/envelope.js';
import { endpointReceives } from '../../../domain/webhooks/matching.js';
import type { MessageDoc } from '../../../projections/deliveries.js';
import { WEBHOOK_MESSAGES, messageId } from '../../../projections/deliveries.js';
import type { EventDoc } from '../../../projections/events.js';
import { EVENTS } from '../../../projections/events.js';
import { newId } from '../../ids.js';
import { ReplayBody } from '../codecs/webhooks.js';
import { handle } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { metadataOf, pathParam, requireRole } from '../requestContext.js';
import { deliver, enabled, presentMessage } from './deliveryRequests.js';
import { visibleEndpoint } from './webhookEndpoints.js';

/** After an incident on the receiver's side: one message sent again, or a whole window replayed. */
export const webhookRedeliveryRoutes = (services: Services): Router => {
  const router = Router();
  router.post(
    '/v1/webhooks/:endpoint_id/messages/:event_id/resend',
    handle(async (req) => {
      requireRole(req, 'admin', 'merchant');
      const endpoint = enabled(await visibleEndpoint(services, req));
      const eventId = pathParam(req, 'event_id');
      const message = (await services.readStore.get(
        WEBHOOK_MESSAGES,
        messageId(endpoint.id, eventId),
      )) as MessageDoc | undefined;
      if (!message)
        throw new HttpProblem('not_found', `No message ${eventId} for endpoint ${endpoint.id}.`);
      const event = {
        id: message.event_id,
        type: message.event_type,
        merchant_id: message.merchant_id,
      };
      const position = await deliver(
        services,
        event,
        endpoint.id,
        'resend',
        null,
        metadataOf(req, endpoint.merchant_id),
      );
      await services.projector.caughtUp(position);
      const updated = (await services.readStore.get(WEBHOOK_MESSAGES, message.id)) as MessageDoc;
      return { status: 202, body: presentMessage(updated) };
    }),
  );

  router.post(
    '/v1/webhooks/:endpoint_id/replay',
    handle(async (req) => {
      requireRole(req, 'admin', 'merchant');
      const endpoint = enabled(await visibleEndpoint(services, req));
      const body = decodeOrThrow(ReplayBody, req.body ?? {}, 'body');
      const since = new Date(body.since).toISOString();
      const until = new Date(body.until ?? services.now().toISOString()).toISOString();
      if (since > until) {
        throw new HttpProblem('validation_failed', 'since is after until.', [
          { path: 'since', message: 'must not be after until' },
        ]);
      }
      const onlyFailed = body.only_failed ?? true;
      const replayId = newId('rpl');
      const metadata = metadataOf(req, endpoint.merchant_id);
      let count = 0;
      let last: Position | undefined;
      let cursor: string | undefined;
      do {
        const page = await services.readStore.find(EVENTS, {
          where: { merchant_id: endpoint.merchant_id },
          range: { gte: since, lte: until },
          orderBy: { field: 'created_at', direction: 'asc' },
          limit: 100,
          ...(cursor && { cursor }),
        });
        const chosen: EventDoc[] = [];
        for (const event of page.docs as EventDoc[]) {
          if (!endpointReceives(endpoint, event)) continue;
          if (onlyFailed) {
            const message = (await services.readStore.get(
              WEBHOOK_MESSAGES,
              messageId(endpoint.id, event.id),
            )) as MessageDoc | undefined;
            if (message?.status === 'succeeded') continue;
          }
          chosen.push(event);
        }
        // A page's deliveries are written together: the store commits them as one group.
        const positions = await Promise.all(
          chosen.map((event) =>
            deliver(services, event, endpoint.id, 'replay', replayId, metadata),
          ),
        );
        for (const position of positions) {
          if (position && (last === undefined || comparePositions(position, last) > 0))
            last = position;
        }
        count += chosen.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      await services.projector.caughtUp(last);
      return { status: 202, body: { replay_id: replayId, count } };
    }),
  );

  return router;
};
