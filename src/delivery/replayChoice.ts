import { endpointReceives } from '../../domain/webhooks/matching.js';
import type { EventDoc } from '../../projections/events.js';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import { isDeliverableType } from '../catalog/deliverableType.js';
import type { Services } from '../services.js';
import { filterInputOf, filterOutcome } from './endpointFilter.js';
import { isOperationalType, receivesOperational } from './operational/operationalTypes.js';
import type { PlanReads } from './planner.js';

/**
 * Would the endpoint have received this event when it was published, as it is set up now? A
 * replay sends what the planner would: deliverable types the endpoint subscribes to, news of other
 * endpoints only when it lists them by name, and only what its filter lets through.
 */
export const replayReceives = async (
  services: Pick<Services, 'readStore'>,
  endpoint: EndpointDoc,
  event: EventDoc & { data: Record<string, unknown> },
  reads: PlanReads,
): Promise<boolean> => {
  const subscribed = isOperationalType(event.type)
    ? receivesOperational(endpoint, event.type, event.data)
    : endpointReceives(endpoint, event);
  if (!subscribed || !(await isDeliverableType(services, event.type, reads))) return false;
  if (!endpoint.filter) return true;
  const outcome = await filterOutcome(
    services,
    endpoint.merchant_id,
    endpoint.filter,
    filterInputOf(event),
  );
  return outcome.matches;
};
