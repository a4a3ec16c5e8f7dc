import { recentMap } from '../../adapters/memory/recentMap.js';
import { keyOfOpened } from '../payloads/sealedEvents.js';

/** What a webhook's body says of its event: the same for every endpoint, every try. */
export type WebhookContent = {
  id: string;
  type: string;
  merchant_id: string;
  created_at: string;
  data: unknown;
};

/** The JSON body of PRODUCT.md 8, its fields in a fixed order. */
export const webhookBody = (event: WebhookContent): string =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    merchant_id: event.merchant_id,
    created_at: event.created_at,
    data: event.data,
  });

export type WebhookBodies = {
  /** The body of an event deliveries were just planned for, kept for their attempts; returned. */
  remember: (event: WebhookContent) => string;
  /** The body, if this process planned the event lately; otherwise it is read from the log. */
  recall: (eventId: string) => string | undefined;
  /** The data key the kept body's payload was sealed under (none: it was not sealed). */
  sealedUnder: (eventId: string) => string | undefined;
  /** Forgets every body kept (an erasure). */
  forget: () => void;
};

/**
 * What the kept bodies may hold in all, counted in characters of JSON plus what keeping one costs
 * (its id, its place in the map). A body is needed from its plan to its attempt, seconds at most
 * for nearly all: 4 MiB keep some 20,000 bodies of a typical event.
 */
const BUDGET_CHARS = 4 * 1024 * 1024;
const KEEPING_COST = 100;

/**
 * The bodies of the events this process planned deliveries for lately, so that an attempt has its
 * body without reading the event from the log and building it again, once per endpoint. Events
 * never change, but their payloads can be erased: each body is kept with the data key its payload
 * was sealed under, which its attempt checks is still alive before sending it (an erasure is seen
 * by every process within the time a key is trusted). Only the latest are kept, within a budget;
 * an attempt that finds none reads its event.
 */
export const webhookBodies = (budgetChars = BUDGET_CHARS): WebhookBodies => {
  const bodies = recentMap<string, { body: string; keyId: string | undefined }>(
    budgetChars,
    (kept) => kept.body.length + KEEPING_COST,
  );
  return {
    remember: (event) => {
      const kept = bodies.get(event.id);
      if (kept !== undefined) return kept.body;
      const body = webhookBody(event);
      if (body.length + KEEPING_COST <= budgetChars)
        bodies.set(event.id, { body, keyId: keyOfOpened(event.data) });
      return body;
    },
    recall: (eventId) => bodies.get(eventId)?.body,
    sealedUnder: (eventId) => bodies.get(eventId)?.keyId,
    forget: () => bodies.clear(),
  };
};
