import type { Api } from '../../shared/api';
import { unwrap } from '../../shared/api';
import type { Health } from './endpointHealth';
import { healthOf } from './endpointHealth';
import type { Endpoint, EndpointStats } from './endpointTypes';

export type EndpointStanding = {
  endpoint: Endpoint;
  stats: EndpointStats | undefined;
  health: Health;
};
export type Merchant = { id: string; endpoints: EndpointStanding[] };

export const ENDPOINT_PAGE_SIZE = 100;
/** Past this many endpoints the list says it is incomplete rather than keep the page waiting. */
const MOST_PAGES = 50;
/** Statistics are read a few endpoints at a time, within the key's rate limit. */
const STATS_AT_ONCE = 6;

/**
 * Every endpoint the key may see (of one merchant, or of all), page after page by cursor, up to
 * `mostPages` pages. There is no merchants route: the merchants are the owners of the endpoints.
 */
export const allEndpoints = async (
  api: Api,
  merchantId?: string,
  mostPages: number = MOST_PAGES,
): Promise<{ endpoints: Endpoint[]; complete: boolean }> => {
  const endpoints: Endpoint[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < mostPages; page++) {
    const answer = await unwrap(
      api.GET('/v1/webhooks', {
        params: { query: { limit: ENDPOINT_PAGE_SIZE, cursor, merchant_id: merchantId } },
      }),
    );
    endpoints.push(...answer.data);
    if (!answer.has_more || !answer.next_cursor) return { endpoints, complete: true };
    cursor = answer.next_cursor;
  }
  return { endpoints, complete: false };
};

/** The last 24 hours of an endpoint, by hour; undefined when it could not be read. */
export const statsOf = (api: Api, endpoint: Endpoint): Promise<EndpointStats | undefined> =>
  unwrap(
    api.GET('/v1/webhooks/{endpoint_id}/stats', {
      params: { path: { endpoint_id: endpoint.id }, query: { merchant_id: endpoint.merchant_id } },
    }),
  ).catch(() => undefined);

/** Each endpoint with its statistics (read only where `wanted`) and its health. */
export const standingsOf = async (
  api: Api,
  endpoints: Endpoint[],
  wanted: (endpoint: Endpoint) => boolean = () => true,
): Promise<EndpointStanding[]> => {
  const stats = new Map<string, EndpointStats | undefined>();
  const queue = endpoints.filter(wanted);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      stats.set(next.id, await statsOf(api, next));
  };
  await Promise.all(Array.from({ length: STATS_AT_ONCE }, worker));
  return endpoints.map((endpoint) => {
    const read = stats.get(endpoint.id);
    return { endpoint, stats: read, health: healthOf(endpoint, read, stats.has(endpoint.id)) };
  });
};

/** The worst first, then the newest. */
export const byHealth = (a: EndpointStanding, b: EndpointStanding): number =>
  a.health.rank - b.health.rank || b.endpoint.created_at.localeCompare(a.endpoint.created_at);

/** Endpoints grouped by merchant; the merchants whose endpoints fare worst first. */
export const merchantsOf = (standings: EndpointStanding[]): Merchant[] => {
  const grouped = new Map<string, EndpointStanding[]>();
  for (const standing of standings) {
    const id = standing.endpoint.merchant_id;
    grouped.set(id, [...(grouped.get(id) ?? []), standing]);
  }
  const merchants = [...grouped].map(([id, list]) => ({ id, endpoints: list.sort(byHealth) }));
  const worst = (m: Merchant) => m.endpoints[0]?.health.rank ?? Number.MAX_SAFE_INTEGER;
  const troubled = (m: Merchant) => m.endpoints.filter((s) => s.health.troubled).length;
  return merchants.sort(
    (a, b) => worst(a) - worst(b) || troubled(b) - troubled(a) || a.id.localeCompare(b.id),
  );
};
