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
 * Plans a delivery of an event to an endpoint, once: planning it again changes nothing (no events).
 * Most deliveries are new, so its stream is not read first; the append's check confirms it.
 */
export const planDelivery = (
  services: Pick<Services, 'eventStore' | 'now'>,
  event: { id: string; type: string; merchant_id: string },
  endpointId: string,
  trigger: RoundTrigger,
  replayId: string | null,
  metadata: EventMetadata,
  eventPosition?: Position,
) =>
  handleCommand(
    services.eventStore,
    deliveryDecider,
    deliveryStream(event.id, endpointId),
    {
      type: 'plan_delivery',
      event_id: event.id,
      endpoint_id: endpointId,
      merchant_id: event.merchant_id,
      event_type: event.type,
      trigger,
      replay_id: replayId,
      now: services.now().toISOString(),
      ...(eventPosition !== undefined && { event_position: eventPosition }),
    },
    metadata,
    { expectNew: true },
  );

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
  // The event in full: its body is kept for the attempts, which then need not read it.
  if ('data' in event) services.webhookBodies?.remember(event);
  const planned = await planDelivery(services, event, endpointId, trigger, replayId, metadata);
  if (isLeft(planned)) return left(planned.left);
  if (planned.right.events.length > 0) return right(planned.right.position);
  // It exists already: sent again as a new round.
  const result = await handleCommand(
    services.eventStore,
    deliveryDecider,
    deliveryStream(event.id, endpointId),
    {
      type: 'requeue_delivery',
      trigger: trigger === 'resend' ? 'resend' : 'replay',
      replay_id: replayId,
      now: services.now().toISOString(),
    },
    metadata,
  );
  return isLeft(result) ? left(result.left) : right(result.right.position);
};
