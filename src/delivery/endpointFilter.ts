import type { BusinessEventData } from '../../domain/events/businessEvent.js';
import { eventDoc } from '../../projections/events.js';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import { ExpressionError, evaluateFor, runsInProcess } from '../processes/expressions.js';
import type { Services } from '../services.js';
import type { FilterOutcome, FilterStanding } from './filterStanding.js';
import { filterStanding } from './filterStanding.js';
import type { WebhookContent } from './webhookBodies.js';
import { webhookBody } from './webhookBodies.js';

/**
 * How long one filter may run on one event. Far more than a filter over a body of at most 256 KiB
 * needs, and short enough that a runaway one holds up little of the planning of its batch.
 */
export const FILTER_TIME_LIMIT_MS = 100;

export type { FilterOutcome } from './filterStanding.js';

/** The body a filter sees: the webhook's, parsed from the very text that is delivered. */
export const filterInput = (body: string): Record<string, unknown> =>
  JSON.parse(body) as Record<string, unknown>;

/** The body a filter would see for this event (the filter tester's), built as a delivery's is. */
export const filterInputOf = (event: WebhookContent): Record<string, unknown> =>
  filterInput(webhookBody(event));

/**
 * Does the filter let the body through? Only a value of exactly `true` does. A filter is the
 * merchant's code: it runs as definitions' expressions do (in-process when small and linear,
 * else in a bounded evaluator, in the merchant's turn), held to FILTER_TIME_LIMIT_MS. An error of
 * the filter is a verdict (no match, and why); an error of the service (no evaluator to ask) is
 * thrown, so that the event is planned again later rather than lost.
 */
export const evaluateFilter = async (
  merchantId: string,
  filter: string,
  input: Record<string, unknown>,
): Promise<FilterOutcome> => {
  try {
    const value = await evaluateFor(merchantId, filter, input, FILTER_TIME_LIMIT_MS);
    return { matches: value === true, failure: null };
  } catch (err) {
    if (err instanceof ExpressionError) return { matches: false, failure: err };
    throw err;
  }
};

type FilterNeeds = Pick<Services, 'webhookBodies'> & Partial<Pick<Services, 'metrics'>>;

/**
 * The standing of filters, by service (a process may run several): its planning and its filter
 * tester share it, so that a merchant cannot keep the evaluators busy through either.
 */
const standings = new WeakMap<object, FilterStanding>();

/**
 * A filter's outcome as the service gives it. Those small and linear enough run in-process and
 * are bounded by their size; the others are the ones that can go past their bounds (of time,
 * memory or size), and are held back when they have (see filterStanding).
 */
export const filterOutcome = (
  services: object,
  merchantId: string,
  filter: string,
  input: Record<string, unknown>,
): Promise<FilterOutcome> => {
  if (runsInProcess(filter)) return evaluateFilter(merchantId, filter, input);
  let standing = standings.get(services);
  if (!standing) {
    standing = filterStanding();
    standings.set(services, standing);
  }
  return standing.run(merchantId, filter, () => evaluateFilter(merchantId, filter, input));
};

/**
 * The endpoints, of those an event goes to, whose filter (if any) it passes. A test webhook that
 * names its endpoints goes to them whatever their filters, as a test send does with Svix: it
 * checks that the endpoint can receive, not what it selects. The body is parsed once for all the
 * endpoints, and each distinct filter evaluated once. A filter that fails counts as not matching,
 * and is counted in the metrics (where the service has them) once per endpoint it fails for, even
 * while it is held back (see filterStanding).
 */
export const passingFilters = async (
  services: FilterNeeds,
  event: { type: string; data: BusinessEventData },
  endpoints: EndpointDoc[],
): Promise<EndpointDoc[]> => {
  if (event.data.endpoint_ids || !endpoints.some((endpoint) => endpoint.filter)) return endpoints;
  const input = filterInput(services.webhookBodies.remember(eventDoc(event.type, event.data)));
  const outcomes = new Map<string, Promise<FilterOutcome>>();
  const passes = async (filter: string): Promise<boolean> => {
    let outcome = outcomes.get(filter);
    if (!outcome) {
      outcome = filterOutcome(services, event.data.merchant_id, filter, input);
      outcomes.set(filter, outcome);
    }
    const { matches, failure } = await outcome;
    if (failure) services.metrics?.filters.failed(failure.code);
    return matches;
  };
  const passed = await Promise.all(
    endpoints.map(async (endpoint) => (endpoint.filter ? passes(endpoint.filter) : true)),
  );
  return endpoints.filter((_, i) => passed[i]);
};
