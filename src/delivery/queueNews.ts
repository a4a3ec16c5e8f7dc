import type { Subscription } from '../../adapters/eventstore/port.js';
import type { DeliveryEvent } from '../../domain/deliveries/delivery.js';
import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { lineOf } from '../../projections/deliveries.js';
import { followLog } from '../processing/processor.js';
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

/** The events of endpoints' own streams: their changes. */
const isEndpointChange = (event: RecordedEvent) => event.stream.startsWith('webhook_endpoint-');

/**
 * News of deliveries planned or requeued, heard in this process from `after` on. The events say
 * what fell due and where, so it is listed at once, without waiting for the queue's projection
 * (the attempt's own recording waits for it, so the queue ends up in order); each is noted so that
 * its attempt need not read its stream. With `endpointChanged`, the changes to endpoints are heard
 * in the same order, before the deliveries planned after them.
 */
export const followQueueNews = (
  services: Pick<Services, 'eventStore' | 'logger'>,
  known: KnownDeliveries,
  heard: (due: DueDoc[]) => void,
  options: { after: Position | undefined; endpointChanged?: (at: Position) => void },
): Subscription => {
  const { endpointChanged } = options;
  return followLog(
    services.eventStore,
    {
      name: 'delivery_queue_news',
      filter: {
        typePrefixes: [
          'delivery.planned',
          'delivery.requeued',
          ...(endpointChanged ? ['webhook_endpoint.'] : []),
        ],
      },
      handle: (events) => {
        const due: RecordedEvent[] = [];
        for (const event of events) {
          if (isEndpointChange(event)) endpointChanged?.(event.position);
          else if (event.type.startsWith('delivery.')) {
            known.note(event as RecordedEvent<DeliveryEvent>);
            due.push(event);
          }
        }
        if (due.length > 0) heard(due.map(dueOf));
        return Promise.resolve();
      },
    },
    options.after,
    services,
  );
};
