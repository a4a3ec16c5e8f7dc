/**
 * A backlog as a receiver that is rate-limited for a day leaves it: one merchant's events, each
 * planned to every one of its endpoints, none attempted yet. Written through the same stores,
 * deciders and projections the server uses, so that the server finds it in its due queue.
 */
import { randomUUID } from 'node:crypto';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { deliveryDecider, deliveryStream } from '../domain/deliveries/delivery.js';
import { businessEventDecider, businessEventStream } from '../domain/events/businessEvent.js';
import type { DomainEvent, NewEvent } from '../domain/shared/envelope.js';
import { emptyMetadata } from '../domain/shared/envelope.js';
import type { Either } from 'fp-ts/lib/Either.js';
import { BUSY_MERCHANT, endpointId } from './dataset.js';

/** Appends asked for in one turn commit together: a group at a time keeps memory flat. */
const GROUP = 2_000;

const only = (
  decided: Either<{ detail: string }, readonly DomainEvent[]>,
  meta: NewEvent['metadata'],
) => {
  if (isLeft(decided)) throw new Error(`backlog: ${decided.left.detail}`);
  return decided.right.map((event) => ({ ...event, id: randomUUID(), metadata: meta }));
};

/**
 * `events` business events of the busy merchant, each planned to its endpoints 0 to
 * `endpoints - 1`: `events × endpoints` deliveries waiting.
 */
export const writeBacklog = async (
  store: EventStore,
  events: number,
  endpoints: number,
  progress: (written: number) => void,
): Promise<void> => {
  const now = new Date().toISOString();
  const published = {
    ...emptyMetadata(),
    merchant_id: BUSY_MERCHANT,
    actor: 'key_bench',
    request_id: 'req_backlog',
  };
  let pending: Array<Promise<unknown>> = [];
  for (let i = 0; i < events; i++) {
    const eventId = `evt_backlog_${i}`;
    pending.push(
      store.append(
        businessEventStream(eventId),
        only(
          businessEventDecider.decide(
            {
              type: 'publish_event',
              event_type: 'order.created',
              event: {
                id: eventId,
                merchant_id: BUSY_MERCHANT,
                created_at: now,
                data: { order_id: `ord_${i}`, amount: 1999, currency: 'EUR' },
                channels: null,
              },
            },
            businessEventDecider.initialState(),
          ),
          published,
        ),
        'no_stream',
      ),
    );
    const planned = { ...published, actor: 'sluice:planner', causation_id: eventId };
    for (let e = 0; e < endpoints; e++) {
      const plan = deliveryDecider.decide(
        {
          type: 'plan_delivery',
          event_id: eventId,
          endpoint_id: endpointId(e),
          merchant_id: BUSY_MERCHANT,
          event_type: 'order.created',
          trigger: 'initial',
          replay_id: null,
          now,
        },
        deliveryDecider.initialState(),
      );
      pending.push(
        store.append(deliveryStream(eventId, endpointId(e)), only(plan, planned), 'no_stream'),
      );
    }
    if (pending.length >= GROUP) {
      await Promise.all(pending);
      pending = [];
      progress(i + 1);
    }
  }
  await Promise.all(pending);
  progress(events);
};
