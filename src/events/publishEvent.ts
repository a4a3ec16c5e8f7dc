import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, right } from 'fp-ts/lib/Either.js';
import { newId } from '../ids.js';
import { businessEventDecider, businessEventStream } from '../../domain/events/businessEvent.js';
import type { EventMetadata, Position } from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import type { EventDoc } from '../../projections/events.js';
import { eventDoc } from '../../projections/events.js';
import { handleCommand } from '../commands/handleCommand.js';
import type { Services } from '../services.js';

export type Publication = {
  type: string;
  merchant_id: string;
  data: Record<string, unknown>;
  channels?: string[] | null;
  /** Delivered to these endpoints only, whatever they subscribe to (a test webhook). */
  endpoint_ids?: string[];
  /** A caller-chosen id makes the publication idempotent; absent, one is generated. */
  id?: string;
};

export type Published = { event: EventDoc; created: boolean; position: Position | undefined };

export const newEventId = (): string => newId('evt');

/** Publishes a business event into its own stream: once per id, whoever calls. */
export const publishEvent = async (
  services: Pick<Services, 'eventStore' | 'now'>,
  publication: Publication,
  metadata: EventMetadata,
): Promise<Either<DomainError, Published>> => {
  const id = publication.id ?? newEventId();
  const result = await handleCommand(
    services.eventStore,
    businessEventDecider,
    businessEventStream(id),
    {
      type: 'publish_event',
      event_type: publication.type,
      event: {
        id,
        merchant_id: publication.merchant_id,
        created_at: services.now().toISOString(),
        data: publication.data,
        channels: publication.channels ?? null,
        ...(publication.endpoint_ids && { endpoint_ids: publication.endpoint_ids }),
      },
    },
    metadata,
    // A new id is the common case: the append's own check finds a republication, which is then
    // decided on the stream as it stands.
    { expectNew: true },
  );
  if (isLeft(result)) return result;
  const { state, events, position } = result.right;
  if (state.status !== 'published') throw new Error('publish_event left no event');
  return right({
    event: eventDoc(state.event.type, state.event.data),
    created: events.length > 0,
    position,
  });
};
