import type { BusinessEventData } from '../../domain/events/businessEvent.js';
import { BUSINESS_EVENT_STREAM_PREFIX } from '../../domain/events/businessEvent.js';
import type { DeliveryAttempted } from '../../domain/deliveries/deliveryTypes.js';
import type { NewEvent, RecordedEvent } from '../../domain/shared/envelope.js';
import type { DataKeys, KeyLookup } from './dataKeys.js';
import { isSealed, keyIdOf, openPayload, sealPayload } from './payloadCipher.js';
import type { SealedPayload } from './payloadCipher.js';

/**
 * Which parts of the log are merchants' payloads, sealed as they are appended and opened as they
 * are read: a business event's `data` (and so every webhook body built from it), and the answer a
 * receiver gave to an attempt. Everything else (ids, types, times, statuses, metadata) stays clear.
 */
type AttemptData = DeliveryAttempted['data'] & { sealed_response_body?: SealedPayload };

/** A business event whose payload can no longer be read says why, as PRODUCT.md 14 does. */
export type UnreadableMark = { erased: true } | { data_expired: true };

export const unreadableMark = (because: 'erased' | 'expired'): UnreadableMark =>
  because === 'erased' ? { erased: true } : { data_expired: true };

/** Why a business event's payload (opened from the log) cannot be read, if it cannot. */
export const unreadableOf = (data: object): 'erased' | 'expired' | null =>
  'erased' in data && data.erased === true
    ? 'erased'
    : 'data_expired' in data && data.data_expired === true
      ? 'expired'
      : null;

const isBusinessEvent = (stream: string) => stream.startsWith(BUSINESS_EVENT_STREAM_PREFIX);

const sealedBody = (event: {
  stream: string;
  type: string;
  data: unknown;
}): SealedPayload | null => {
  if (isBusinessEvent(event.stream)) {
    const data = (event.data as BusinessEventData).data as unknown;
    return isSealed(data) ? data : null;
  }
  if (event.type === 'delivery.attempted')
    return (event.data as AttemptData).sealed_response_body ?? null;
  return null;
};

/** Seals the payloads of events about to be appended to `stream`. */
export const sealEvents = async (
  keys: DataKeys,
  stream: string,
  events: readonly NewEvent[],
  now: Date,
): Promise<NewEvent[]> => {
  const sealed: NewEvent[] = [];
  for (const event of events) {
    if (isBusinessEvent(stream)) {
      const data = event.data as BusinessEventData;
      if (isSealed(data.data)) sealed.push(event);
      else {
        const key = await keys.sealingKey(data.merchant_id, now);
        const payload = sealPayload(JSON.stringify(data.data), key, data.id);
        sealed.push({ ...event, data: { ...data, data: payload } });
      }
    } else if (event.type === 'delivery.attempted') {
      const data = event.data as AttemptData;
      if (data.response_body === null) sealed.push(event);
      else {
        const key = await keys.sealingKey(data.merchant_id, now);
        const payload = sealPayload(data.response_body, key, data.attempt_id);
        sealed.push({
          ...event,
          data: { ...data, response_body: null, sealed_response_body: payload },
        });
      }
    } else sealed.push(event);
  }
  return sealed;
};

/** The keys that open these events' payloads, each looked up once. */
const lookupAll = async (keys: DataKeys, events: readonly RecordedEvent[]) => {
  const found = new Map<string, KeyLookup>();
  for (const event of events) {
    const sealed = sealedBody(event);
    if (sealed === null) continue;
    const id = keyIdOf(sealed);
    if (!found.has(id)) found.set(id, await keys.lookup(id));
  }
  return found;
};

const openOne = (event: RecordedEvent, found: Map<string, KeyLookup>): RecordedEvent => {
  const sealed = sealedBody(event);
  if (sealed === null) return event;
  const key = found.get(keyIdOf(sealed))!;
  if (isBusinessEvent(event.stream)) {
    const data = event.data as BusinessEventData;
    const opened =
      key.status === 'live'
        ? {
            ...data,
            data: JSON.parse(openPayload(sealed, key.key, data.id)) as Record<string, unknown>,
          }
        : { ...data, data: null, ...unreadableMark(key.status) };
    return { ...event, data: opened };
  }
  const { sealed_response_body: _, ...data } = event.data as AttemptData;
  const body = key.status === 'live' ? openPayload(sealed, key.key, data.attempt_id) : null;
  return { ...event, data: { ...data, response_body: body } };
};

/** Opens the payloads of events read from the log; those whose key is destroyed say why. */
export const openEvents = async <E extends RecordedEvent>(
  keys: DataKeys,
  events: readonly E[],
): Promise<E[]> => {
  if (!events.some((event) => sealedBody(event) !== null)) return events as E[];
  const found = await lookupAll(keys, events);
  return events.map((event) => openOne(event, found) as E);
};

/** Opens one sealed payload kept elsewhere (a read model), bound to `context`. */
export const openSealed = async (
  keys: DataKeys,
  sealed: SealedPayload,
  context: string,
): Promise<{ text: string } | { unreadable: 'erased' | 'expired' }> => {
  const key = await keys.lookup(keyIdOf(sealed));
  return key.status === 'live'
    ? { text: openPayload(sealed, key.key, context) }
    : { unreadable: key.status };
};
