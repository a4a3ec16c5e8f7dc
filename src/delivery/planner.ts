import { isLeft } from 'fp-ts/lib/Either.js';
import type { Subscription } from '../../adapters/eventstore/port.js';
import { isDeliverable } from '../../domain/catalog/eventCatalog.js';
import type { BusinessEventData } from '../../domain/events/businessEvent.js';
import { BUSINESS_EVENT_STREAM_PREFIX } from '../../domain/events/businessEvent.js';
import { deliveryDecider, deliveryStream } from '../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { causedBy } from '../../domain/shared/envelope.js';
import { endpointReceives } from '../../domain/webhooks/matching.js';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import { WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import { handleCommand } from '../commands/handleCommand.js';
import { startBatchProcessor } from '../projector/processor.js';
import type { Services } from '../services.js';

export const PLANNER = 'delivery_planner';
const ACTOR = 'sluice:planner';

/** Every endpoint of a merchant, page by page. */
export const merchantEndpoints = async (
  services: Pick<Services, 'readStore'>,
  merchantId: string,
): Promise<EndpointDoc[]> => {
  const endpoints: EndpointDoc[] = [];
  let cursor: string | undefined;
  do {
    const page = await services.readStore.find(WEBHOOK_ENDPOINTS, {
      where: { merchant_id: merchantId },
      orderBy: { field: 'created_at', direction: 'asc' },
      limit: 100,
      ...(cursor && { cursor }),
    });
    endpoints.push(...(page.docs as EndpointDoc[]));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return endpoints;
};

export type PlannedEvent = {
  merchant_id: string;
  type: string;
  channels: readonly string[] | null;
};

/** The endpoints of the event's merchant that receive it. */
export const receivingEndpoints = async (
  services: Pick<Services, 'readStore'>,
  event: PlannedEvent,
): Promise<EndpointDoc[]> =>
  (await merchantEndpoints(services, event.merchant_id)).filter((endpoint) =>
    endpointReceives(endpoint, event),
  );

/**
 * Turns each deliverable business event into one delivery per endpoint of its merchant that
 * receives it. Planning is idempotent (a delivery stream is created once), so after a crash the
 * planner resumes from its checkpoint and replans the last batch harmlessly. Test events are
 * planned by the test route, to the endpoints it names. The events of a batch are planned
 * together: their appends are asked for in the same turn and share one commit, and a merchant's
 * endpoints are read once per batch.
 */
export const startPlanner = async (services: Services): Promise<Pick<Subscription, 'stop'>> => {
  const plan = async (
    event: RecordedEvent<{ type: string; data: BusinessEventData }>,
    endpointsOf: (merchantId: string) => Promise<EndpointDoc[]>,
  ) => {
    if (event.type === 'webhook.test' || !isDeliverable(event.type)) return;
    const endpoints = await endpointsOf(event.data.merchant_id);
    const receiving = endpoints.filter((endpoint) =>
      endpointReceives(endpoint, { type: event.type, channels: event.data.channels }),
    );
    await settleAll(
      receiving.map(async (endpoint) => {
        const result = await handleCommand(
          services.eventStore,
          deliveryDecider,
          deliveryStream(event.data.id, endpoint.id),
          {
            type: 'plan_delivery',
            event_id: event.data.id,
            endpoint_id: endpoint.id,
            merchant_id: event.data.merchant_id,
            event_type: event.type,
            trigger: 'initial',
            replay_id: null,
            now: services.now().toISOString(),
          },
          causedBy(event, ACTOR),
          { expectNew: true },
        );
        if (isLeft(result))
          throw new Error(`Planning ${event.data.id} for ${endpoint.id}: ${result.left.detail}`);
      }),
    );
  };

  return startBatchProcessor(
    services,
    PLANNER,
    { streamPrefixes: [BUSINESS_EVENT_STREAM_PREFIX] },
    async (events) => {
      const endpoints = new Map<string, Promise<EndpointDoc[]>>();
      const endpointsOf = (merchantId: string) => {
        let read = endpoints.get(merchantId);
        if (!read) {
          read = merchantEndpoints(services, merchantId);
          endpoints.set(merchantId, read);
        }
        return read;
      };
      await settleAll(
        events.map((event) =>
          plan(event as RecordedEvent<{ type: string; data: BusinessEventData }>, endpointsOf),
        ),
      );
    },
  );
};

/** Waits for every task, then fails with the first failure: a retry never overlaps a straggler. */
const settleAll = async (tasks: readonly Promise<void>[]): Promise<void> => {
  const settled = await Promise.allSettled(tasks);
  for (const outcome of settled) {
    if (outcome.status === 'rejected')
      throw outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason));
  }
};
