import type { BusinessEventData } from '../domain/events/businessEvent.js';
import { BUSINESS_EVENT_STREAM_PREFIX } from '../domain/events/businessEvent.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { Projection } from './projection.js';
import { collection } from './collection.js';

export const EVENTS = collection<EventDoc>('events');

/** A business event as `GET /v1/events` serves it. */
export type EventDoc = {
  id: string;
  object: 'event';
  type: string;
  merchant_id: string;
  created_at: string;
  /** Sealed under the merchant's data key (a string) as the log keeps it; opened when read. */
  data: Record<string, unknown> | string;
  channels: string[] | null;
};

export const eventDoc = (type: string, data: BusinessEventData): EventDoc => ({
  id: data.id,
  object: 'event',
  type,
  merchant_id: data.merchant_id,
  created_at: data.created_at,
  data: data.data,
  channels: data.channels,
});

export const eventsProjection: Projection = {
  name: 'events',
  collections: [
    {
      name: EVENTS,
      indexes: [
        ['created_at'],
        ['merchant_id', 'created_at'],
        ['merchant_id', 'type', 'created_at'],
        ['type', 'created_at'],
      ],
    },
  ],
  filter: { streamPrefixes: [BUSINESS_EVENT_STREAM_PREFIX] },
  project: (recorded) => {
    const { type, data } = recorded as RecordedEvent<{ type: string; data: BusinessEventData }>;
    const doc = eventDoc(type, data);
    return [{ op: 'put', collection: EVENTS, doc }];
  },
};
