import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { RoundTrigger } from '../../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryStream } from '../../domain/deliveries/delivery.js';
import type { EventMetadata, Position } from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { handleCommand } from '../commands/handleCommand.js';
import type { Services } from '../services.js';
import type { WebhookContent } from './webhookBodies.js';

/** An event named by its message (a resend), or read in full (a replay, a test). */
type EventToDeliver = { id: string; type: string; merchant_id: string } | WebhookContent;

/**
 * Plans a delivery, or sends an existing one again: a new round of tries with the same webhook-id.
 * Returns where its event sits in the log.
 */
export const deliver = async (
  services: Pick<Services, 'eventStore' | 'now'> & Partial<Pick<Services, 'webhookBodies'>>,
  event: EventToDeliver,
  endpointId: string,
  trigger: RoundTrigger,
  replayId: string | null,
  metadata: EventMetadata,
): Promise<Either<DomainError, Position | undefined>> => {
  const stream = deliveryStream(event.id, endpointId);
  const now = services.now().toISOString();
  // The event in full: its body is kept for the attempts, which then need not read it.
  if ('data' in event) services.webhookBodies?.remember(event);
  // Most deliveries are new: planned without reading their stream, the append's check confirming
  // that it is still new. One that exists already is found so, and sent again as a new round.
  const planned = await handleCommand(
    services.eventStore,
    deliveryDecider,
    stream,
    {
      type: 'plan_delivery',
      event_id: event.id,
      endpoint_id: endpointId,
      merchant_id: event.merchant_id,
      event_type: event.type,
      trigger,
      replay_id: replayId,
      now,
    },
    metadata,
    { expectNew: true },
  );
  if (isLeft(planned)) return left(planned.left);
  if (planned.right.events.length > 0) return right(planned.right.position);
  const result = await handleCommand(
    services.eventStore,
    deliveryDecider,
    stream,
    {
      type: 'requeue_delivery',
      trigger: trigger === 'resend' ? 'resend' : 'replay',
      replay_id: replayId,
      now,
    },
    metadata,
  );
  return isLeft(result) ? left(result.left) : right(result.right.position);
};
