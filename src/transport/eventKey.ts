import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { DELIVERY_STREAM_PREFIX } from '../../domain/deliveries/delivery.js';
import { BUSINESS_EVENT_STREAM_PREFIX } from '../../domain/events/businessEvent.js';

/**
 * The key an event travels under: events of one key keep the log's order. One endpoint's
 * deliveries share a key, so they are planned and sent in the order they arrived; a business event
 * goes by its merchant; anything else by its stream (one process instance's steps, in order).
 */
export const eventKey = (event: RecordedEvent): string => {
  const data = event.data as { endpoint_id?: unknown; merchant_id?: unknown } | null;
  if (event.stream.startsWith(DELIVERY_STREAM_PREFIX) && typeof data?.endpoint_id === 'string')
    return data.endpoint_id;
  if (event.metadata.merchant_id && event.stream.startsWith(BUSINESS_EVENT_STREAM_PREFIX))
    return event.metadata.merchant_id;
  return event.stream;
};
