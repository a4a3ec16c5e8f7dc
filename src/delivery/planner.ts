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
import { startProcessor } from '../projector/processor.js';
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

/**
 * Turns each deliverable business event into one delivery per endpoint of its merchant that
 * receives it. Planning is idempotent (a delivery stream is created once), so after a crash the
 * planner resumes from its checkpoint and replans the last batch harmlessly. Test events are
 * planned by the test route, to the endpoints it names.
 */
export const startPlanner = async (services: Services): Promise<Pick<Subscription, 'stop'>> => {
  const plan = async (event: RecordedEvent<{ type: string; data: BusinessEventData }>) => {
    if (event.type === 'webhook.test' || !isDeliverable(event.type)) return;
    const endpoints = await merchantEndpoints(services, event.data.merchant_id);
    for (const endpoint of endpoints) {
      if (!endpointReceives(endpoint, { type: event.type, channels: event.data.channels }))
        continue;
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
    }
  };

  return startProcessor(
    services,
    PLANNER,
    { streamPrefixes: [BUSINESS_EVENT_STREAM_PREFIX] },
    (event) => plan(event as RecordedEvent<{ type: string; data: BusinessEventData }>),
  );
};
