import { isLeft } from 'fp-ts/lib/Either.js';
import type { Subscription } from '../../adapters/eventstore/port.js';
import type { BusinessEventData } from '../../domain/events/businessEvent.js';
import { BUSINESS_EVENT_STREAM_PREFIX } from '../../domain/events/businessEvent.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { causedBy } from '../../domain/shared/envelope.js';
import { endpointReceives } from '../../domain/webhooks/matching.js';
import { eventDoc } from '../../projections/events.js';
import { eventTypesProjection } from '../../projections/eventTypes.js';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import {
  WEBHOOK_ENDPOINTS,
  webhookEndpointsProjection,
} from '../../projections/webhookEndpoints.js';
import {
  EVERY_CHANNEL,
  WEBHOOK_ROUTES,
  channelRoute,
  webhookRoutesProjection,
} from '../../projections/webhookRoutes.js';
import type { Processor } from '../processing/processor.js';
import { runOnFeed } from '../processing/processor.js';
import type { Services } from '../services.js';
import { planDelivery } from './deliver.js';
import { isDeliverableType } from '../catalog/deliverableType.js';
import { passingFilters } from './endpointFilter.js';
import { isOperationalType, receivesOperational } from './operational/operationalTypes.js';
import { unreadableOf } from '../payloads/sealedEvents.js';
import { allDocs, getDoc } from '../reads/readModels.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'eventStore' | 'feed' | 'logger' | 'now' | 'projector' | 'readStore' | 'webhookBodies'
>;

export const PLANNER = 'delivery_planner';
const ACTOR = 'sluice:planner';

/** Every endpoint of a merchant, page by page (the test route sends to all of them). */
export const merchantEndpoints = (
  services: Pick<Services, 'readStore'>,
  merchantId: string,
): Promise<EndpointDoc[]> =>
  allDocs(services.readStore, WEBHOOK_ENDPOINTS, {
    where: { merchant_id: merchantId },
    orderBy: { field: 'created_at', direction: 'asc' },
  });

export type PlannedEvent = {
  merchant_id: string;
  type: string;
  channels: readonly string[] | null;
};

/** The routes that may lead to an endpoint receiving this event (see projections/webhookRoutes.ts). */
const routesOf = (event: PlannedEvent): string[] => [
  EVERY_CHANNEL,
  ...(event.channels ?? []).map(channelRoute),
];

/** The enabled endpoints of a merchant on one route, page by page. */
const endpointsOnRoute = async (
  services: Pick<Services, 'readStore'>,
  merchantId: string,
  route: string,
): Promise<string[]> => {
  const routes = await allDocs(services.readStore, WEBHOOK_ROUTES, {
    where: { merchant_id: merchantId, route, enabled: true },
    orderBy: { field: 'endpoint_id', direction: 'asc' },
  });
  return routes.map((doc) => doc.endpoint_id);
};

/** Reads shared by the events of one batch: a merchant's routes and endpoints are read once. */
export type PlanReads = { once: <T>(key: string, read: () => Promise<T>) => Promise<T> };

export const planReads = (): PlanReads => {
  const done = new Map<string, Promise<unknown>>();
  return {
    once: <T>(key: string, read: () => Promise<T>) => {
      let reading = done.get(key) as Promise<T> | undefined;
      if (!reading) {
        reading = read();
        done.set(key, reading);
      }
      return reading;
    },
  };
};

/**
 * The endpoints of the event's merchant that receive it. They are found through the routes index
 * (by channel and enabled state), never by reading every endpoint of the merchant, so the cost
 * follows the endpoints that may receive the event, not those the merchant has. Each one found is
 * read and checked in full, so the index only has to narrow the search.
 */
export const receivingEndpoints = async (
  services: Pick<Services, 'readStore'>,
  event: PlannedEvent,
  reads: PlanReads = planReads(),
): Promise<EndpointDoc[]> => {
  if (!(await isDeliverableType(services, event.type, reads))) return [];
  const routes = await Promise.all(
    routesOf(event).map((route) =>
      reads.once(`route:${event.merchant_id}:${route}`, () =>
        endpointsOnRoute(services, event.merchant_id, route),
      ),
    ),
  );
  const endpoints = await Promise.all(
    [...new Set(routes.flat())].map((id) =>
      reads.once(`endpoint:${id}`, () => getDoc(services.readStore, WEBHOOK_ENDPOINTS, id)),
    ),
  );
  return endpoints.filter(
    (endpoint): endpoint is EndpointDoc =>
      endpoint !== undefined && endpointReceives(endpoint, event),
  );
};

/**
 * The enabled endpoints, of the event's merchant, that a test webhook names: delivered to whatever
 * they subscribe to.
 */
const namedEndpoints = async (
  services: Pick<Services, 'readStore'>,
  merchantId: string,
  ids: readonly string[],
  reads: PlanReads,
): Promise<EndpointDoc[]> => {
  const endpoints = await Promise.all(
    ids.map((id) =>
      reads.once(`endpoint:${id}`, () => getDoc(services.readStore, WEBHOOK_ENDPOINTS, id)),
    ),
  );
  return endpoints.filter(
    (endpoint): endpoint is EndpointDoc =>
      endpoint !== undefined && endpoint.merchant_id === merchantId && !endpoint.disabled,
  );
};

type PlannedBusinessEvent = RecordedEvent<{ type: string; data: BusinessEventData }>;

/** The endpoints an event goes to: those it names (a test webhook), else those that receive it. */
const destinations = (
  services: Pick<Services, 'readStore'>,
  event: PlannedBusinessEvent,
  reads: PlanReads,
): Promise<EndpointDoc[]> => {
  const { merchant_id, endpoint_ids, channels } = event.data;
  if (endpoint_ids) return namedEndpoints(services, merchant_id, endpoint_ids, reads);
  // A test webhook published without naming endpoints goes nowhere.
  if (event.type === 'webhook.test') return Promise.resolve([]);
  if (isOperationalType(event.type)) {
    // News of an endpoint concerns its merchant, not a channel: it goes to each enabled endpoint
    // that asks for it by name, whatever its channels, never to the endpoint itself. Such news is
    // rare, and a merchant's endpoints are few (SLUICE_MAX_ENDPOINTS_PER_MERCHANT).
    const all = reads.once(`merchant:${merchant_id}`, () =>
      merchantEndpoints(services, merchant_id),
    );
    return all.then((endpoints) =>
      endpoints.filter(
        (endpoint) =>
          !endpoint.disabled && receivesOperational(endpoint, event.type, event.data.data),
      ),
    );
  }
  return receivingEndpoints(services, { merchant_id, type: event.type, channels }, reads);
};

/**
 * Turns each deliverable business event into one delivery per endpoint it goes to: those of its
 * merchant that receive it, or those a test webhook names. Planning is idempotent (a delivery
 * stream is created once), so after a crash the planner resumes from its checkpoint and replans
 * the last batch harmlessly. The events of a batch are planned together: their appends are asked
 * for in the same turn and share one commit.
 */
export const plannerProcessor = (services: Omit<Needs, 'feed'>): Processor => {
  const plan = async (event: PlannedBusinessEvent, reads: PlanReads) => {
    // Reached late (a reconcile, a feed far behind) after its payload was erased or expired:
    // there is nothing to send.
    if (unreadableOf(event.data)) return;
    const endpoints = await passingFilters(
      services,
      event,
      await destinations(services, event, reads),
    );
    if (endpoints.length === 0) return;
    const planned = eventDoc(event.type, event.data);
    services.webhookBodies.remember(planned);
    const trigger = event.type === 'webhook.test' ? 'test' : 'initial';
    await settleAll(
      endpoints.map(async (endpoint) => {
        const metadata = causedBy(event, ACTOR);
        const at = event.position;
        const result = await planDelivery(
          services,
          planned,
          endpoint.id,
          trigger,
          null,
          metadata,
          at,
        );
        if (isLeft(result))
          throw new Error(`Planning ${planned.id} for ${endpoint.id}: ${result.left.detail}`);
      }),
    );
  };

  return {
    name: PLANNER,
    filter: { streamPrefixes: [BUSINESS_EVENT_STREAM_PREFIX] },
    handle: async (events) => {
      // The endpoints, routes and event types a plan reads must show the log up to the events
      // planned: after a restart, or with a new projection still catching up, they may not yet.
      const last = events[events.length - 1];
      const read = [
        webhookEndpointsProjection.name,
        webhookRoutesProjection.name,
        eventTypesProjection.name,
      ];
      if (last && !(await services.projector.caughtUp(last.position, undefined, read)))
        throw new Error('The endpoints read model is behind the events to plan.');
      const reads = planReads();
      await settleAll(events.map((event) => plan(event as PlannedBusinessEvent, reads)));
    },
  };
};

/** The planner on the feed: of the processes running it, one plans each event. */
export const startPlanner = (services: Needs): Promise<Pick<Subscription, 'stop'>> =>
  runOnFeed(services.feed, plannerProcessor(services), services);

/** Waits for every task, then fails with the first failure: a retry never overlaps a straggler. */
const settleAll = async (tasks: readonly Promise<void>[]): Promise<void> => {
  const settled = await Promise.allSettled(tasks);
  for (const outcome of settled) {
    if (outcome.status === 'rejected')
      throw outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason));
  }
};
