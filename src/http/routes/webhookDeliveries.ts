import { Router } from 'express';
import type { Request } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import { newId } from '../../ids.js';
import type { RoundTrigger } from '../../../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryStream } from '../../../domain/deliveries/delivery.js';
import type { EventMetadata, Position } from '../../../domain/shared/envelope.js';
import { comparePositions } from '../../../domain/shared/envelope.js';
import { endpointReceives } from '../../../domain/webhooks/matching.js';
import type { AttemptDoc, MessageDoc } from '../../../projections/deliveries.js';
import { WEBHOOK_ATTEMPTS, WEBHOOK_MESSAGES, messageId } from '../../../projections/deliveries.js';
import type { EventDoc } from '../../../projections/events.js';
import { EVENTS } from '../../../projections/events.js';
import type { EndpointDoc } from '../../../projections/webhookEndpoints.js';
import { handleCommand } from '../../commands/handleCommand.js';
import { merchantEndpoints } from '../../delivery/planner.js';
import { publishEvent } from '../../events/publishEvent.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import {
  ListAttemptsQuery,
  ListMessagesQuery,
  MerchantQuery,
  ReplayBody,
  TestWebhookBody,
} from '../codecs/webhooks.js';
import { handle, ok } from '../handler.js';
import { listBody } from '../list.js';
import { HttpProblem, fromDomainError } from '../problem.js';
import { merchantScope, metadataOf, pathParam, requireRole } from '../requestContext.js';
import { visibleEndpoint } from './webhookEndpoints.js';

const presentAttempt = (doc: AttemptDoc) => {
  const { merchant_id: _, ...attempt } = doc;
  return attempt;
};

const presentMessage = (doc: MessageDoc) => ({
  id: doc.event_id,
  object: doc.object,
  endpoint_id: doc.endpoint_id,
  event_id: doc.event_id,
  event_type: doc.event_type,
  status: doc.status,
  attempts: doc.attempts,
  last_attempt_at: doc.last_attempt_at,
  next_attempt_at: doc.next_attempt_at,
  created_at: doc.created_at,
});

/** An endpoint that is named in the path, visible to the caller, in the merchant the query names. */
const scopedEndpoint = async (services: Services, req: Request): Promise<EndpointDoc> => {
  const query = decodeOrThrow(MerchantQuery, { merchant_id: req.query.merchant_id }, 'query');
  const merchantId = merchantScope(req, query.merchant_id);
  const endpoint = await visibleEndpoint(services, req);
  if (merchantId && merchantId !== endpoint.merchant_id)
    throw new HttpProblem('not_found', `No webhook endpoint ${endpoint.id}.`);
  return endpoint;
};

const enabled = (endpoint: EndpointDoc): EndpointDoc => {
  if (endpoint.disabled)
    throw new HttpProblem('conflict', `Endpoint ${endpoint.id} is disabled; enable it first.`);
  return endpoint;
};

/** Plans a delivery, or sends an existing one again: a new round of tries with the same webhook-id. */
const deliver = async (
  services: Services,
  event: { id: string; type: string; merchant_id: string },
  endpointId: string,
  trigger: RoundTrigger,
  replayId: string | null,
  metadata: EventMetadata,
): Promise<Position | undefined> => {
  const stream = deliveryStream(event.id, endpointId);
  const now = services.now().toISOString();
  const existing = await services.eventStore.readStream(stream, { limit: 1 });
  const command =
    existing.length === 0
      ? ({
          type: 'plan_delivery',
          event_id: event.id,
          endpoint_id: endpointId,
          merchant_id: event.merchant_id,
          event_type: event.type,
          trigger,
          replay_id: replayId,
          now,
        } as const)
      : ({
          type: 'requeue_delivery',
          trigger: trigger === 'resend' ? 'resend' : 'replay',
          replay_id: replayId,
          now,
        } as const);
  const result = await handleCommand(
    services.eventStore,
    deliveryDecider,
    stream,
    command,
    metadata,
  );
  if (isLeft(result)) throw fromDomainError(result.left);
  return result.right.position;
};

/** Test deliveries, attempts and messages, resend and replay. */
export const webhookDeliveryRoutes = (services: Services): Router => {
  const router = Router();

  router.post(
    '/v1/webhooks/test',
    handle(async (req) => {
      requireRole(req, 'admin', 'merchant');
      const body = decodeOrThrow(TestWebhookBody, req.body ?? {}, 'body');
      const merchantId = merchantScope(req, body.merchant_id);
      if (!merchantId) {
        throw new HttpProblem('validation_failed', 'Name the merchant to test.', [
          { path: 'merchant_id', message: 'required for an admin key' },
        ]);
      }
      let targets: EndpointDoc[];
      if (body.endpoint_id !== undefined) {
        const endpoint = await visibleEndpoint(services, req, body.endpoint_id);
        if (endpoint.merchant_id !== merchantId)
          throw new HttpProblem('not_found', `No webhook endpoint ${endpoint.id}.`);
        targets = [enabled(endpoint)];
      } else {
        targets = (await merchantEndpoints(services, merchantId)).filter((e) => !e.disabled);
      }
      const metadata = metadataOf(req, merchantId);
      const published = await publishEvent(
        services,
        { type: 'webhook.test', merchant_id: merchantId, data: body.data ?? {} },
        metadata,
      );
      if (!published.ok) throw fromDomainError(published.error);
      const event = published.published.event;
      let last: Position | undefined = published.published.position;
      for (const endpoint of targets)
        last = (await deliver(services, event, endpoint.id, 'test', null, metadata)) ?? last;
      await services.projector.caughtUp(last);
      return { status: 202, body: { event_id: event.id, endpoints: targets.map((e) => e.id) } };
    }),
  );

  router.get(
    '/v1/webhooks/:endpoint_id/attempts',
    handle(async (req) => {
      const query = decodeOrThrow(ListAttemptsQuery, req.query, 'query');
      const endpoint = await scopedEndpoint(services, req);
      const page = await services.readStore.find(WEBHOOK_ATTEMPTS, {
        where: {
          endpoint_id: endpoint.id,
          ...(query.status && { status: query.status }),
          ...(query.event_type && { event_type: query.event_type }),
        },
        orderBy: { field: 'created_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      return ok(listBody(page, (doc) => presentAttempt(doc as AttemptDoc)));
    }),
  );

  router.get(
    '/v1/webhooks/:endpoint_id/messages',
    handle(async (req) => {
      const query = decodeOrThrow(ListMessagesQuery, req.query, 'query');
      const endpoint = await scopedEndpoint(services, req);
      const page = await services.readStore.find(WEBHOOK_MESSAGES, {
        where: { endpoint_id: endpoint.id, ...(query.status && { status: query.status }) },
        orderBy: { field: 'created_at', direction: 'desc' },
        limit: query.limit ?? 20,
        ...(query.cursor && { cursor: query.cursor }),
      });
      return ok(listBody(page, (doc) => presentMessage(doc as MessageDoc)));
    }),
  );

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
