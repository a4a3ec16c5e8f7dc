import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { RoundTrigger } from '../../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryStream } from '../../domain/deliveries/delivery.js';
import type { EventMetadata, Position } from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { handleCommand } from '../commands/handleCommand.js';
import type { Services } from '../services.js';

/**
 * Plans a delivery, or sends an existing one again: a new round of tries with the same webhook-id.
 * Returns where its event sits in the log.
 */
export const deliver = async (
  services: Pick<Services, 'eventStore' | 'now'>,
  event: { id: string; type: string; merchant_id: string },
  endpointId: string,
  trigger: RoundTrigger,
  replayId: string | null,
  metadata: EventMetadata,
): Promise<Either<DomainError, Position | undefined>> => {
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
  return isLeft(result) ? left(result.left) : right(result.right.position);
};
