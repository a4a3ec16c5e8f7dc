import type { Api, Schemas } from '../../shared/api';
import { ApiProblem, unwrap } from '../../shared/api';
import type { Attempt, Message } from './deliveryStatus';

/** How far back a message is looked for, and its attempts, in pages of the largest size. */
const MAX_PAGES = 10;
const PAGE = 100;

export type MessageDetailData = {
  /** Undefined when the message is older than the pages searched. */
  message: Message | undefined;
  /** Undefined when the event is no longer kept (retention erased it). */
  event: Schemas['Event'] | undefined;
  /** Oldest first. */
  attempts: Attempt[];
};

/** The API lists messages and attempts by endpoint, not by event: walk the pages for this one. */
const findMessage = async (api: Api, endpointId: string, eventId: string) => {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const list = await unwrap(
      api.GET('/v1/webhooks/{endpoint_id}/messages', {
        params: { path: { endpoint_id: endpointId }, query: { limit: PAGE, cursor } },
      }),
    );
    const found = list.data.find((m) => m.event_id === eventId);
    if (found || !list.next_cursor) return found;
    cursor = list.next_cursor;
  }
  return undefined;
};

const findEvent = async (api: Api, eventId: string) => {
  try {
    return await unwrap(
      api.GET('/v1/events/{event_id}', { params: { path: { event_id: eventId } } }),
    );
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) return undefined;
    throw error;
  }
};

/** The attempts of one event, narrowed by its type on the server and by its id here. */
const findAttempts = async (
  api: Api,
  endpointId: string,
  eventId: string,
  eventType: string | undefined,
  expected: number,
) => {
  const found: Attempt[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const list = await unwrap(
      api.GET('/v1/webhooks/{endpoint_id}/attempts', {
        params: {
          path: { endpoint_id: endpointId },
          query: { limit: PAGE, cursor, ...(eventType && { event_type: eventType }) },
        },
      }),
    );
    found.push(...list.data.filter((a) => a.event_id === eventId));
    if (found.length >= expected || !list.next_cursor) break;
    cursor = list.next_cursor;
  }
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at));
};

/** One message as its detail shows it: its state, the event it carries, and every answer. */
export const loadMessageDetail = async (
  api: Api,
  endpointId: string,
  eventId: string,
): Promise<MessageDetailData> => {
  const [message, event] = await Promise.all([
    findMessage(api, endpointId, eventId),
    findEvent(api, eventId),
  ]);
  const eventType = event?.type ?? message?.event_type;
  const attempts = await findAttempts(
    api,
    endpointId,
    eventId,
    eventType,
    message?.attempts ?? Number.POSITIVE_INFINITY,
  );
  return { message, event, attempts };
};
