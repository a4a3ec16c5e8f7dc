import type { EventTypeEntry } from '../domain/catalog/eventCatalog.js';
import { builtInEntry } from '../domain/catalog/eventCatalog.js';
import type { EventTypeEvent } from '../domain/catalog/eventTypeDecider.js';
import { EVENT_TYPES_STREAM } from '../domain/catalog/eventTypeDecider.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import { collection } from './collection.js';
import type { Change, Projection } from './projection.js';

/**
 * The types the log changed, one document each: registered types, and built-in types an admin
 * updated. A built-in type without a document is as the service ships it.
 */
export const EVENT_TYPES = collection<EventTypeDoc>('event_types');

export type EventTypeDoc = EventTypeEntry & {
  /** The type's name. */
  id: string;
  object: 'event_type';
  built_in: boolean;
  /** When it was registered; null for a built-in type. */
  registered_at: string | null;
};

/** A built-in type's document, as shipped: what its first update starts from. */
export const builtInDoc = (entry: EventTypeEntry): EventTypeDoc => ({
  id: entry.name,
  object: 'event_type',
  ...entry,
  built_in: true,
  registered_at: null,
});

export const eventTypesProjection: Projection = {
  name: 'event_types',
  collections: [{ name: EVENT_TYPES, indexes: [['registered_at']] }],
  filter: { streamPrefixes: [EVENT_TYPES_STREAM] },
  project: (recorded): Change[] => {
    if (recorded.stream !== EVENT_TYPES_STREAM) return [];
    const event = recorded as RecordedEvent<EventTypeEvent>;
    switch (event.type) {
      case 'event_type.registered': {
        const { registered_at, ...declared } = event.data;
        const doc: EventTypeDoc = {
          id: declared.name,
          object: 'event_type',
          ...declared,
          version: 1,
          deprecated: false,
          updated_at: registered_at,
          built_in: false,
          registered_at,
        };
        return [{ op: 'put', collection: EVENT_TYPES, doc }];
      }
      case 'event_type.updated': {
        const { name, ...changes } = event.data;
        const builtIn = builtInEntry(name);
        return [
          {
            op: 'patch',
            collection: EVENT_TYPES,
            id: name,
            set: changes,
            // A built-in type's first change: its document starts as shipped.
            ...(builtIn && { setOnInsert: builtInDoc(builtIn) }),
          },
        ];
      }
      default:
        return [];
    }
  },
};
