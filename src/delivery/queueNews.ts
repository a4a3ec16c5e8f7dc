import type { Subscription } from '../../adapters/eventstore/port.js';
import type { DeliveryEvent } from '../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { lineOf } from '../../projections/deliveries.js';
import { runOnLog } from '../processing/processor.js';
import type { Services } from '../services.js';
import type { KnownDeliveries } from './knownDeliveries.js';

/** A planned or requeued delivery as the due queue lists it. */
const dueOf = (event: RecordedEvent): DueDoc => {
  const data = event.data as {
    event_id: string;
    endpoint_id: string;
    due_at: string;
    round?: number;
  };
  const round = event.type === 'delivery.planned' ? 1 : data.round;
  return {
    id: event.stream,
    event_id: data.event_id,
    endpoint_id: data.endpoint_id,
    due_at_ms: Date.parse(data.due_at),
    ...(round !== undefined && { round }),
    line: lineOf(event),
  };
};

/**
 * News of deliveries planned or requeued, heard in this process from its start on. The events say
 * what fell due and where, so it is listed at once, without waiting for the queue's projection
 * (the attempt's own recording waits for it, so the queue ends up in order); each is noted so that
 * its attempt need not read its stream.
 */
export const followQueueNews = (
  services: Pick<Services, 'eventStore' | 'logger'>,
  known: KnownDeliveries,
  heard: (due: DueDoc[]) => void,
): Promise<Subscription> =>
  runOnLog(
    services.eventStore,
    {
      name: 'delivery_queue_news',
      filter: { typePrefixes: ['delivery.planned', 'delivery.requeued'] },
      handle: (events) => {
        for (const event of events) known.note(event as RecordedEvent<DeliveryEvent>);
        heard(events.map(dueOf));
        return Promise.resolve();
      },
    },
    { kind: 'none' },
    services,
  );
