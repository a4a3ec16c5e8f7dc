import type { Request } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { RoundTrigger } from '../../../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryStream } from '../../../domain/deliveries/delivery.js';
import type { EventMetadata, Position } from '../../../domain/shared/envelope.js';
import type { AttemptDoc, MessageDoc } from '../../../projections/deliveries.js';
import type { EndpointDoc } from '../../../projections/webhookEndpoints.js';
import { handleCommand } from '../../commands/handleCommand.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { MerchantQuery } from '../codecs/webhooks.js';
import { HttpProblem, fromDomainError } from '../problem.js';
import { merchantScope } from '../requestContext.js';
import { visibleEndpoint } from './webhookEndpoints.js';

/* What the routes about deliveries share: how attempts and messages look, which endpoint a request
   may act on, and how a delivery is planned or sent again. */

export const presentAttempt = (doc: AttemptDoc) => {
  const { merchant_id: _, ...attempt } = doc;
  return attempt;
};

export const presentMessage = (doc: MessageDoc) => ({
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
export const scopedEndpoint = async (services: Services, req: Request): Promise<EndpointDoc> => {
  const query = decodeOrThrow(MerchantQuery, { merchant_id: req.query.merchant_id }, 'query');
  const merchantId = merchantScope(req, query.merchant_id);
  const endpoint = await visibleEndpoint(services, req);
  if (merchantId && merchantId !== endpoint.merchant_id)
    throw new HttpProblem('not_found', `No webhook endpoint ${endpoint.id}.`);
  return endpoint;
};

export const enabled = (endpoint: EndpointDoc): EndpointDoc => {
  if (endpoint.disabled)
    throw new HttpProblem('conflict', `Endpoint ${endpoint.id} is disabled; enable it first.`);
  return endpoint;
};

/** Plans a delivery, or sends an existing one again: a new round of tries with the same webhook-id. */
export const deliver = async (
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
  // A delivery seen not to exist is appended without reading its stream again: the append's check
  // confirms it is still new.
  const result = await handleCommand(
    services.eventStore,
    deliveryDecider,
    stream,
    command,
    metadata,
    { expectNew: existing.length === 0 },
  );
  if (isLeft(result)) throw fromDomainError(result.left);
  return result.right.position;
};
