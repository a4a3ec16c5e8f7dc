import { left, right } from 'fp-ts/lib/Either.js';
import { isPublishable } from '../catalog/eventCatalog.js';
import { canonicalJson } from '../shared/canonicalJson.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/envelope.js';
import type { DomainError } from '../shared/errors.js';
import { domainError } from '../shared/errors.js';
import { checkChannels } from '../webhooks/endpointRules.js';

/** The largest `data` of a business event, as JSON: the body delivered stays within it. */
export const MAX_PAYLOAD_BYTES = 262_144;

/**
 * A business event of the platform. Each lives in a stream of its own, so that publishing under a
 * caller-chosen id is one atomic append that a second publication of the same id cannot repeat,
 * whatever the store, without reading the merchant's whole history.
 */
export const businessEventStream = (eventId: string): string => `event-${eventId}`;
export const BUSINESS_EVENT_STREAM_PREFIX = 'event-';

export type BusinessEventData = {
  id: string;
  merchant_id: string;
  created_at: string;
  data: Record<string, unknown>;
  /** Null: reaches only endpoints without channels. */
  channels: string[] | null;
  /**
   * Delivered to these endpoints of the merchant (the enabled ones) whatever they subscribe to,
   * rather than to those that receive it: a test webhook names its endpoints.
   */
  endpoint_ids?: string[];
};

/** The envelope's type is the business type itself (`order.created`), so the log reads as the domain. */
export type BusinessEvent = DomainEvent<string, BusinessEventData>;

export type PublishEvent = {
  type: 'publish_event';
  event_type: string;
  event: BusinessEventData;
};

export type BusinessEventState =
  { status: 'absent' } | { status: 'published'; event: BusinessEvent };

const sameContent = (a: BusinessEvent, type: string, b: BusinessEventData): boolean =>
  a.type === type &&
  a.data.merchant_id === b.merchant_id &&
  canonicalJson(a.data.data) === canonicalJson(b.data) &&
  canonicalJson(a.data.channels) === canonicalJson(b.channels) &&
  canonicalJson(a.data.endpoint_ids ?? null) === canonicalJson(b.endpoint_ids ?? null);

/** Data over the bound: refused as too large, whatever else is wrong with the event. */
const oversizedData = (event: BusinessEventData): DomainError | null => {
  const size = Buffer.byteLength(JSON.stringify(event.data));
  if (size <= MAX_PAYLOAD_BYTES) return null;
  const message = `is ${size} bytes as JSON; it must be at most ${MAX_PAYLOAD_BYTES}`;
  return domainError('payload_too_large', `The event's data ${message}.`, [
    { path: 'data', message },
  ]);
};

export const businessEventDecider: Decider<PublishEvent, BusinessEvent, BusinessEventState> = {
  initialState: () => ({ status: 'absent' }),
  evolve: (_state, event) => ({ status: 'published', event }),
  decide: (command, state) => {
    const tooLarge = oversizedData(command.event);
    if (tooLarge) return left(tooLarge);
    const faults = checkChannels(command.event.channels);
    if (faults.length > 0)
      return left(domainError('validation_failed', 'The event is not valid.', faults));
    // Whether a platform type is registered, and its data matches the type's schema, is checked
    // against the catalog by the API before it publishes; the service's own types need neither.
    if (!isPublishable(command.event_type)) {
      return left(
        domainError('unknown_event_type', `${command.event_type} is not in the event catalog.`, [
          { path: 'type', message: 'must be a catalog type or extension.*' },
        ]),
      );
    }
    if (state.status === 'published') {
      // Publishing the same event again is a no-op; the same id with other content is a mistake.
      return sameContent(state.event, command.event_type, command.event)
        ? right([])
        : left(
            domainError('conflict', `Event ${command.event.id} was published with other content.`),
          );
    }
    return right([{ type: command.event_type, data: command.event }]);
  },
};
