import type { Api, Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';

export type AuditEvent = Schemas['AuditEvent'];
export type AuditPage = Schemas['AuditEventPage'];

/** The log's filters, as the route fragment's query names them. */
export type AuditFilters = { stream: string; type: string; merchant: string; correlation: string };

export const NO_FILTERS: AuditFilters = { stream: '', type: '', merchant: '', correlation: '' };

export const filtersOf = (query: URLSearchParams): AuditFilters => ({
  stream: query.get('stream') ?? '',
  type: query.get('type') ?? '',
  merchant: query.get('merchant') ?? '',
  correlation: query.get('correlation') ?? '',
});

/** Which end of the log a view starts from: its start, or its latest events, newest first. */
export type LogOrder = 'oldest' | 'newest';

export const orderOf = (query: URLSearchParams): LogOrder =>
  query.get('order') === 'newest' ? 'newest' : 'oldest';

export const PAGE_SIZE = 50;
/** How far a search for one event reads before giving up: pages of the most the API gives. */
const SEARCH_PAGE = 100;
const SEARCH_PAGES = 50;

/**
 * One page of the log through the filters: after `from` (exclusive), oldest first; or, newest
 * first, before it (from the end of the log when there is none).
 */
export const readLog = (
  api: Api,
  filters: AuditFilters,
  from: string | undefined,
  limit: number = PAGE_SIZE,
  order: LogOrder = 'oldest',
): Promise<AuditPage> =>
  unwrap(
    api.GET('/v1/audit/events', {
      params: {
        query: {
          limit,
          ...(order === 'newest' && { direction: 'backward' as const }),
          ...(from !== undefined && { from_position: from }),
          ...(filters.stream && { stream: filters.stream }),
          ...(filters.type && { type: filters.type }),
          ...(filters.merchant && { merchant_id: filters.merchant }),
          ...(filters.correlation && { correlation_id: filters.correlation }),
        },
      },
    }),
  );

const isAfter = (a: string, b: string) => BigInt(a) > BigInt(b);

/**
 * Reads the log through the filters page after page, until `stop` says so, the log ends, or the
 * search's budget is spent; `complete` says whether it read to the end.
 */
export const readUntil = async (
  api: Api,
  filters: AuditFilters,
  stop: (event: AuditEvent) => boolean,
): Promise<{ events: AuditEvent[]; complete: boolean }> => {
  const events: AuditEvent[] = [];
  let from: string | undefined;
  for (let page = 0; page < SEARCH_PAGES; page++) {
    const answer = await readLog(api, filters, from, SEARCH_PAGE);
    for (const event of answer.data) {
      events.push(event);
      if (stop(event)) return { events, complete: false };
    }
    if (!answer.has_more || answer.next_position === null) return { events, complete: true };
    from = answer.next_position;
  }
  return { events, complete: false };
};

/** Where to look for an event that only its id names: hints a link carries along. */
export type Whereabouts = { position?: string; correlation?: string; before?: string };

/**
 * An event of the log by its id. There is no route for one event: it is read at its position
 * when the link knows it, looked for among its correlation's events, or else looked for from the
 * start of the log (up to `before`, the position of an event it caused).
 */
export const findEvent = async (
  api: Api,
  id: string,
  where: Whereabouts,
): Promise<AuditEvent | undefined> => {
  if (where.position && /^[1-9][0-9]*$/.test(where.position)) {
    const from = (BigInt(where.position) - 1n).toString();
    const [event] = (await readLog(api, NO_FILTERS, from, 1)).data;
    if (event?.id === id) return event;
  }
  if (where.correlation) {
    const chain = await readUntil(
      api,
      { ...NO_FILTERS, correlation: where.correlation },
      (e) => e.id === id,
    );
    const found = chain.events.find((e) => e.id === id);
    if (found) return found;
  }
  const before = where.before;
  const scan = await readUntil(
    api,
    NO_FILTERS,
    (e) => e.id === id || (before !== undefined && !isAfter(before, e.position)),
  );
  return scan.events.find((e) => e.id === id);
};

/** Every event of one correlation, oldest first, as far as a search reads. */
export const correlationOf = (api: Api, correlation: string) =>
  readUntil(api, { ...NO_FILTERS, correlation }, () => false);
