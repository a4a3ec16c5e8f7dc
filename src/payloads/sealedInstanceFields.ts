import type { NewEvent, RecordedEvent } from '../../domain/shared/envelope.js';
import type { DataKeys, KeyLookup } from './dataKeys.js';
import type { SealedPayload } from './payloadCipher.js';
import { isSealed, keyIdOf, openPayload, sealPayload } from './payloadCipher.js';
import { OpenedJson } from './openedJson.js';

type InstanceData = { instance_id: string; merchant_id?: string } & Record<string, unknown>;
type Lane = { item?: unknown } & Record<string, unknown>;
/** Gives the event's data with each of its payloads replaced by what `each` makes of it. */
type PayloadMap = (data: InstanceData, each: (value: unknown) => unknown) => InstanceData;

const field =
  (name: string): PayloadMap =>
  (data, each) => ({ ...data, [name]: each(data[name]) });

/**
 * The parts of an instance's events that hold a merchant's payloads: its inputs, each step's
 * output (a received event's among them), a person's answer, an approval's comment, a map's items
 * and the result. Each is sealed on its own, in its place, as a business event's data is, bound to
 * its instance: the read models copy it sealed, and whoever serves it opens it. The rest (ids,
 * steps, statuses, times, errors, a lane's place) stays clear, for operators and auditors, and so
 * that an instance whose payloads were erased still reads as a whole.
 */
const PAYLOADS: Readonly<Record<string, PayloadMap>> = {
  'process_instance.created': field('inputs'),
  'process_instance.step_completed': field('output'),
  'process_instance.user_action_completed': field('data'),
  'process_instance.approval_resolved': field('comment'),
  'process_instance.completed': field('result'),
  'process_instance.lanes_started': (data, each) => ({
    ...data,
    lanes: (data.lanes as Lane[]).map((lane) =>
      'item' in lane ? { ...lane, item: each(lane.item) } : lane,
    ),
  }),
};

const INSTANCE_STREAM = 'process_instance-';

const payloadsOf = (event: { stream: string; type: string }): PayloadMap | undefined =>
  event.stream.startsWith(INSTANCE_STREAM) ? PAYLOADS[event.type] : undefined;

/** The sealed payloads of an instance's event as the log holds it (none for most events). */
export const sealedInstancePayloads = (event: {
  stream: string;
  type: string;
  data: unknown;
}): SealedPayload[] => {
  const found: SealedPayload[] = [];
  payloadsOf(event)?.(event.data as InstanceData, (value) => {
    if (isSealed(value)) found.push(value);
    return value;
  });
  return found;
};

/**
 * An instance's event with its payloads sealed under its merchant's key. The merchant is the
 * event's (every instance event is caused by the instance's own); nothing is sealed without one,
 * and null is left as it is: there is nothing in it to erase.
 */
export const sealInstanceEvent = async (
  keys: DataKeys,
  stream: string,
  event: NewEvent,
  now: Date,
): Promise<NewEvent> => {
  const payloads = payloadsOf({ stream, type: event.type });
  const data = event.data as InstanceData;
  const merchantId = event.metadata.merchant_id ?? data.merchant_id;
  if (payloads === undefined || !merchantId) return event;
  const key = keys.sealingKeyAtHand(merchantId, now) ?? (await keys.sealingKey(merchantId, now));
  const sealed = payloads(data, (value) =>
    value === null || value === undefined || isSealed(value)
      ? value
      : sealPayload(JSON.stringify(value), key, data.instance_id),
  );
  return { ...event, data: sealed };
};

/**
 * A sealed value of an instance (from its events or its read models), opened: null once its
 * merchant's key is destroyed (erased, or past retention). A value that is not sealed (recorded
 * before instances' payloads were) is given as it is.
 */
export const openInstanceValue = (
  value: unknown,
  instanceId: string,
  key: KeyLookup | undefined,
): unknown => {
  if (!isSealed(value) || key === undefined) return value;
  if (key.status !== 'live') return null;
  return JSON.parse(openPayload(value, key.key, instanceId)) as unknown;
};

/** An instance's event with its payloads opened, their keys looked up already (see sealedEvents). */
export const openInstanceEvent = (
  event: RecordedEvent,
  found: ReadonlyMap<string, KeyLookup>,
): RecordedEvent => {
  const payloads = payloadsOf(event);
  if (payloads === undefined) return event;
  const data = event.data as InstanceData;
  const opened = payloads(data, (value) =>
    isSealed(value) ? openInstanceValue(value, data.instance_id, found.get(keyIdOf(value))) : value,
  );
  return { ...event, data: opened };
};

/**
 * Opens the sealed values of an instance's read models for an answer, each key looked up once:
 * each as its JSON text (see OpenedJson), null once its key is destroyed; `unreadable` tells why a
 * value opened as null, if one did.
 */
export const instanceValueOpener = (keys: DataKeys) => {
  const found = new Map<string, Promise<KeyLookup>>();
  let unreadable: 'erased' | 'expired' | undefined;
  const lookup = (id: string) => {
    let key = found.get(id);
    if (!key) {
      key = keys.lookup(id);
      found.set(id, key);
    }
    return key;
  };
  return {
    open: async (value: unknown, instanceId: string): Promise<unknown> => {
      if (!isSealed(value)) return value;
      const key = await lookup(keyIdOf(value));
      if (key.status !== 'live') {
        unreadable ??= key.status;
        return null;
      }
      return new OpenedJson(openPayload(value, key.key, instanceId));
    },
    unreadable: () => unreadable,
  };
};
