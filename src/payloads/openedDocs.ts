import type { AttemptDoc } from '../../projections/deliveries.js';
import type { EventDoc } from '../../projections/events.js';
import type { DataKeys } from './dataKeys.js';
import { isSealed } from './payloadCipher.js';
import { OpenedJson } from './openedJson.js';
import { openSealed, unreadableMark } from './sealedEvents.js';

/**
 * The read models copy events as the log holds them, payloads sealed: a rebuild neither needs nor
 * handles a key. A read opens what it serves.
 */
export type OpenedEventDoc = Omit<EventDoc, 'data'> & {
  data: Record<string, unknown> | null;
  erased?: true;
  data_expired?: true;
};

export const openEventDoc = async (keys: DataKeys, doc: EventDoc): Promise<OpenedEventDoc> => {
  if (!isSealed(doc.data)) return doc as OpenedEventDoc;
  const opened = await openSealed(keys, doc.data, doc.id);
  return 'text' in opened
    ? { ...doc, data: JSON.parse(opened.text) as Record<string, unknown> }
    : { ...doc, data: null, ...unreadableMark(opened.unreadable) };
};

/** The same, for an answer: the data kept as its JSON text, which the answer writes as it is. */
export const presentEventDoc = async (keys: DataKeys, doc: EventDoc) => {
  if (!isSealed(doc.data)) return doc;
  const opened = await openSealed(keys, doc.data, doc.id);
  return 'text' in opened
    ? { ...doc, data: new OpenedJson(opened.text) }
    : { ...doc, data: null, ...unreadableMark(opened.unreadable) };
};

/** Opened this much, the event loop is given a turn: a page of large payloads costs many. */
const OPENED_PER_TURN = 1024 * 1024;

/**
 * A page of events, opened one after another (as values, or for an answer as their JSON text),
 * giving the event loop a turn now and then.
 */
export const openEventDocs = async <T = OpenedEventDoc>(
  keys: DataKeys,
  docs: readonly EventDoc[],
  open: (keys: DataKeys, doc: EventDoc) => Promise<T> = openEventDoc as never,
) => {
  const opened: T[] = [];
  let sinceTurn = 0;
  for (const doc of docs) {
    opened.push(await open(keys, doc));
    sinceTurn += typeof doc.data === 'string' ? doc.data.length : 0;
    if (sinceTurn < OPENED_PER_TURN) continue;
    sinceTurn = 0;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return opened;
};

/**
 * An attempt's answer, opened; null once its key is destroyed (PRODUCT.md 14), saying why, so that
 * it is not taken for an answer that had no body.
 */
export const openAttemptDoc = async (
  keys: DataKeys,
  doc: AttemptDoc,
): Promise<AttemptDoc & { response_body_unreadable?: 'erased' | 'expired' }> => {
  const { sealed_response_body: sealed, ...attempt } = doc;
  if (sealed === undefined) return attempt;
  const opened = await openSealed(keys, sealed, doc.id);
  return 'text' in opened
    ? { ...attempt, response_body: opened.text }
    : { ...attempt, response_body: null, response_body_unreadable: opened.unreadable };
};
