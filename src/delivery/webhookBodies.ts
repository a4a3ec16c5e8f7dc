import { recentMap } from '../../adapters/memory/recentMap.js';

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
 * never change, but their payloads can be erased: a body is kept only for `keepMs` (a second, as
 * long as a data key read from its store is trusted), so that a body is never sent once its
 * merchant's data is erased, whichever process erased it. Only the latest are kept, within a
 * budget; an attempt that finds none reads its event.
 */
export const webhookBodies = (
  budgetChars = BUDGET_CHARS,
  options: { keepMs?: number; now?: () => number } = {},
): WebhookBodies => {
  const keepMs = options.keepMs ?? 1_000;
  const clock = options.now ?? Date.now;
  const bodies = recentMap<string, { body: string; until: number }>(
    budgetChars,
    (kept) => kept.body.length + KEEPING_COST,
  );
  return {
    remember: (event) => {
      const kept = bodies.get(event.id);
      if (kept && kept.until > clock()) return kept.body;
      const body = webhookBody(event);
      if (body.length + KEEPING_COST <= budgetChars)
        bodies.set(event.id, { body, until: clock() + keepMs });
      return body;
    },
    recall: (eventId) => {
      const kept = bodies.get(eventId);
      return kept && kept.until > clock() ? kept.body : undefined;
    },
    forget: () => bodies.clear(),
  };
};
