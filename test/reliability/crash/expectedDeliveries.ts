import type { LogEntry } from './log.js';

export type LoggedEndpoint = {
  id: string;
  merchant: string;
  url: string;
  filter_types: string[] | null;
  channels: string[] | null;
  /** Where its creation sits in the log. */
  position: bigint;
};

/** The endpoints as the log tells them, with the settings their last update left. */
export const endpointsInLog = (log: readonly LogEntry[]): Map<string, LoggedEndpoint> => {
  const endpoints = new Map<string, LoggedEndpoint>();
  for (const entry of log) {
    if (entry.type === 'webhook_endpoint.created') {
      const data = entry.data as Record<string, any>;
      endpoints.set(data.endpoint_id as string, {
        id: data.endpoint_id as string,
        merchant: data.merchant_id as string,
        url: data.url as string,
        filter_types: data.filter_types as string[] | null,
        channels: data.channels as string[] | null,
        position: BigInt(entry.position),
      });
    } else if (entry.type === 'webhook_endpoint.updated') {
      const endpoint = endpoints.get(entry.data.endpoint_id as string);
      const changes = entry.data.changes as Partial<LoggedEndpoint>;
      if (endpoint) Object.assign(endpoint, pick(changes, ['url', 'filter_types', 'channels']));
    }
  }
  return endpoints;
};

const pick = <T extends object>(from: T, keys: Array<keyof T>): Partial<T> =>
  Object.fromEntries(keys.filter((k) => k in from).map((k) => [k, from[k]])) as Partial<T>;

/** The operational events (PRODUCT.md 11), each about an endpoint that it never goes to. */
const OPERATIONAL = /^(message\.attempt|webhook_endpoint)\./;

/**
 * PRODUCT.md 7: an endpoint's filter, and its channels against the event's. An operational event
 * goes only to the endpoints that list it, other than the one it is about, whatever their channels.
 */
const receives = (
  endpoint: LoggedEndpoint,
  event: { type: string; channels: string[] | null; about: unknown },
): boolean =>
  OPERATIONAL.test(event.type)
    ? endpoint.filter_types?.includes(event.type) === true && endpoint.id !== event.about
    : (endpoint.filter_types === null || endpoint.filter_types.includes(event.type)) &&
      (!endpoint.channels?.length ||
        (event.channels ?? []).some((channel) => endpoint.channels!.includes(channel)));

export type Expected = { endpoint: LoggedEndpoint; event: string; type: string };

/**
 * What the log says must be delivered: every deliverable business event to each endpoint of its
 * merchant that receives it and existed before it. An endpoint created after an event may or may
 * not receive it (the planner may read the endpoints later): `allowed` holds those too.
 */
export const expectedDeliveries = (log: readonly LogEntry[], deliverable: ReadonlySet<string>) => {
  const endpoints = [...endpointsInLog(log).values()];
  const must: Expected[] = [];
  const allowed = new Set<string>();
  for (const entry of log) {
    if (!entry.stream.startsWith('event-') || !deliverable.has(entry.type)) continue;
    if (entry.type === 'webhook.test') continue;
    const event = {
      id: entry.data.id as string,
      type: entry.type,
      channels: entry.data.channels as string[] | null,
      about: (entry.data.data as { endpoint_id?: unknown } | undefined)?.endpoint_id,
    };
    for (const endpoint of endpoints) {
      if (endpoint.merchant !== entry.data.merchant_id || !receives(endpoint, event)) continue;
      allowed.add(`${endpoint.id} ${event.id}`);
      if (endpoint.position < BigInt(entry.position))
        must.push({ endpoint, event: event.id, type: event.type });
    }
  }
  return { must, allowed, endpoints };
};
