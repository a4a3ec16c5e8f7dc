import type { MatchableEndpoint } from '../../../domain/webhooks/matching.js';

/**
 * The operational events: what the service tells a merchant about its own endpoints and their
 * messages (PRODUCT.md 11). Each is about one endpoint, named in its data.
 */
export const OPERATIONAL_TYPES = [
  'message.attempt.failing',
  'message.attempt.exhausted',
  'message.attempt.recovered',
  'webhook_endpoint.disabled',
  'webhook_endpoint.enabled',
] as const;

export type OperationalType = (typeof OPERATIONAL_TYPES)[number];

/**
 * The families of the operational events. A message of one of them tells nothing more when it
 * fails: two failing endpoints that subscribe to each other's failures would otherwise tell each
 * other about them for ever.
 */
const OPERATIONAL_FAMILIES = ['message.attempt.', 'webhook_endpoint.'];

export const isOperationalType = (type: string): boolean =>
  OPERATIONAL_FAMILIES.some((family) => type.startsWith(family));

/**
 * Does this endpoint receive this operational event? Only when it lists the type in its
 * `filter_types` (an endpoint that takes every type is not signed up for news of other endpoints),
 * and never when the event is about the endpoint itself.
 */
export const receivesOperational = (
  endpoint: MatchableEndpoint & { id: string },
  type: string,
  data: Record<string, unknown>,
): boolean => endpoint.filter_types?.includes(type) === true && endpoint.id !== data.endpoint_id;
