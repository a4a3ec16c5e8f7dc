import type { BusinessEventData } from '../../domain/events/businessEvent.js';
import { BUSINESS_EVENT_STREAM_PREFIX } from '../../domain/events/businessEvent.js';
import type { DeliveryAttempted } from '../../domain/deliveries/deliveryTypes.js';
import type { NewEvent, RecordedEvent } from '../../domain/shared/envelope.js';
import type { DataKeys, KeyLookup } from './dataKeys.js';
import { isSealed, keyIdOf, openPayload, sealPayload } from './payloadCipher.js';
import type { SealedPayload } from './payloadCipher.js';
import {
  openInstanceEvent,
  sealInstanceEvent,
  sealedInstancePayloads,
} from './sealedInstanceFields.js';

/**
 * Which parts of the log are merchants' payloads, sealed as they are appended and opened as they
 * are read: a business event's `data` (and so every webhook body built from it), the answer a
 * receiver gave to an attempt, and a process instance's inputs, outputs and answers (see
 * sealedInstanceFields). Everything else (ids, types, times, statuses, metadata) stays clear.
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

/**
 * What to open of events read: business events' data always (the planner, the dispatcher, the
 * processes read it); attempts' answers only for whoever shows them (the audit log, an export):
 * the workers that read attempts act on their statuses, and would decrypt every answer for nothing.
 */
export type Opening = { attempts: boolean };

const sealedBody = (
  event: { stream: string; type: string; data: unknown },
  opening: Opening,
): SealedPayload | null => {
  if (isBusinessEvent(event.stream)) {
    const data = (event.data as BusinessEventData).data as unknown;
    return isSealed(data) ? data : null;
  }
  if (opening.attempts && event.type === 'delivery.attempted')
    return (event.data as AttemptData).sealed_response_body ?? null;
  return null;
};

/** The data key each payload opened lately was sealed under, for whoever keeps it opened. */
const sealedUnder = new WeakMap<object, string>();

/** The key an opened payload was sealed under, if it was sealed (to check that it still lives). */
export const keyOfOpened = (payload: unknown): string | undefined =>
  typeof payload === 'object' && payload !== null ? sealedUnder.get(payload) : undefined;

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
        const key =
          keys.sealingKeyAtHand(data.merchant_id, now) ??
          (await keys.sealingKey(data.merchant_id, now));
        const payload = sealPayload(JSON.stringify(data.data), key, data.id);
        sealed.push({ ...event, data: { ...data, data: payload } });
      }
    } else if (event.type === 'delivery.attempted') {
      const data = event.data as AttemptData;
      if (data.response_body === null) sealed.push(event);
      else {
        const key =
          keys.sealingKeyAtHand(data.merchant_id, now) ??
          (await keys.sealingKey(data.merchant_id, now));
        const payload = sealPayload(data.response_body, key, data.attempt_id);
        sealed.push({
          ...event,
          data: { ...data, response_body: null, sealed_response_body: payload },
        });
      }
    } else sealed.push(await sealInstanceEvent(keys, stream, event, now));
  }
  return sealed;
};

/** Every sealed payload of the event that is to be opened. */
const sealedPayloads = (event: RecordedEvent, opening: Opening): SealedPayload[] => {
  const body = sealedBody(event, opening);
  return body === null ? sealedInstancePayloads(event) : [body];
};

/** The keys that open these events' payloads, each looked up once. */
const lookupAll = async (keys: DataKeys, events: readonly RecordedEvent[], opening: Opening) => {
  const found = new Map<string, KeyLookup>();
  for (const event of events)
    for (const sealed of sealedPayloads(event, opening)) {
      const id = keyIdOf(sealed);
      if (!found.has(id)) found.set(id, await keys.lookup(id));
    }
  return found;
};

const openOne = (
  event: RecordedEvent,
  found: Map<string, KeyLookup>,
  opening: Opening,
): RecordedEvent => {
  const sealed = sealedBody(event, opening);
  if (sealed === null) return openInstanceEvent(event, found);
  const keyId = keyIdOf(sealed);
  const key = found.get(keyId)!;
  if (isBusinessEvent(event.stream)) {
    const data = event.data as BusinessEventData;
    if (key.status !== 'live')
      return { ...event, data: { ...data, data: null, ...unreadableMark(key.status) } };
    const payload = JSON.parse(openPayload(sealed, key.key, data.id)) as Record<string, unknown>;
    sealedUnder.set(payload, keyId);
    return { ...event, data: { ...data, data: payload } };
  }
  const { sealed_response_body: _, ...data } = event.data as AttemptData;
  const body = key.status === 'live' ? openPayload(sealed, key.key, data.attempt_id) : null;
  return { ...event, data: { ...data, response_body: body } };
};

/**
 * Events opened lately, by the sealed event they were opened from: the subscriptions of a process
 * that want the same event are handed the same one (an append's notice, a read of the tail), and
 * it is opened once for all of them.
 */
const opened = {
  withAttempts: new WeakMap<RecordedEvent, RecordedEvent>(),
  withoutAttempts: new WeakMap<RecordedEvent, RecordedEvent>(),
};

/**
 * Opens the payloads of events read from the log (attempts' answers too, when asked); those whose
 * key is destroyed say why.
 */
export const openEvents = async <E extends RecordedEvent>(
  keys: DataKeys,
  events: readonly E[],
  opening: Opening = { attempts: false },
): Promise<E[]> => {
  if (!events.some((event) => sealedPayloads(event, opening).length > 0)) return events as E[];
  const memo = opening.attempts ? opened.withAttempts : opened.withoutAttempts;
  const found = await lookupAll(
    keys,
    events.filter((event) => !memo.has(event)),
    opening,
  );
  return events.map((event) => {
    let open = memo.get(event);
    if (!open) {
      open = openOne(event, found, opening);
      memo.set(event, open);
    }
    return open as E;
  });
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
