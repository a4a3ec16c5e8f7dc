import type { BusinessEvent } from '../../domain/events/businessEvent.js';
import { businessEventStream } from '../../domain/events/businessEvent.js';
import { deliveryDecider } from '../../domain/deliveries/delivery.js';
import type { MerchantDataErased } from '../../domain/merchants/merchantErasure.js';
import { merchantErasureDecider, merchantStream } from '../../domain/merchants/merchantErasure.js';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/envelope.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';
import { WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import { handleCommand } from '../commands/handleCommand.js';
import { execute } from '../http/execute.js';
import { allDocs, findDocs } from '../reads/readModels.js';
import type { Services } from '../services.js';
import { unreadableOf } from './sealedEvents.js';

type Needs = Pick<
  Services,
  'dataKeys' | 'eventStore' | 'logger' | 'now' | 'projector' | 'readStore' | 'webhookBodies'
>;

/**
 * Erases a merchant's data (PRODUCT.md 14): destroys its data keys, then records the erasure. The
 * keys go first: once the event is in the log, nothing of the merchant recorded before it can be
 * read. A crash between the two leaves the data erased and unrecorded; the operator's retry
 * records it (destroying nothing more).
 */
export const eraseMerchant = async (
  services: Needs,
  merchantId: string,
  reason: string,
  metadata: EventMetadata,
): Promise<RecordedEvent<MerchantDataErased>> => {
  const erasedAt = services.now();
  const destroyed = await services.dataKeys.erase(merchantId, erasedAt);
  services.webhookBodies.forget();
  const result = await execute(
    services,
    merchantErasureDecider,
    merchantStream(merchantId),
    {
      type: 'record_erasure',
      merchant_id: merchantId,
      erased_at: erasedAt.toISOString(),
      reason,
      keys_destroyed: destroyed,
    },
    metadata,
  );
  return result.events[0]!;
};

const PAGE = 200;

/**
 * Abandons the merchant's deliveries still due whose payload can no longer be read, endpoint by
 * endpoint through the due queue. A delivery this misses (the process stopped) is abandoned when
 * its try comes due, which finds no body to send.
 */
export const abandonErasedDeliveries = async (
  services: Needs,
  erasure: RecordedEvent<MerchantDataErased>,
): Promise<number> => {
  const metadata = {
    ...erasure.metadata,
    causation_id: erasure.id,
    correlation_id: erasure.metadata.correlation_id ?? erasure.id,
  };
  const endpoints = await allDocs(services.readStore, WEBHOOK_ENDPOINTS, {
    where: { merchant_id: erasure.data.merchant_id },
    orderBy: { field: 'created_at', direction: 'asc' },
  });
  let abandoned = 0;
  for (const endpoint of endpoints) {
    let cursor: string | undefined;
    do {
      const page = await findDocs(services.readStore, DELIVERIES_DUE, {
        where: { endpoint_id: endpoint.id },
        orderBy: { field: 'due_at_ms', direction: 'asc' },
        limit: PAGE,
        ...(cursor && { cursor }),
      });
      for (const due of page.docs)
        if (await abandonIfErased(services, due.id, due.event_id, metadata)) abandoned++;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return abandoned;
};

const abandonIfErased = async (
  services: Needs,
  deliveryId: string,
  eventId: string,
  metadata: EventMetadata,
): Promise<boolean> => {
  const [event] = (await services.eventStore.readStream(businessEventStream(eventId), {
    limit: 1,
  })) as RecordedEvent<BusinessEvent>[];
  const unreadable = event && unreadableOf(event.data);
  if (!unreadable) return false;
  const result = await handleCommand(
    services.eventStore,
    deliveryDecider,
    deliveryId,
    {
      type: 'abandon_delivery',
      reason: unreadable === 'erased' ? 'data_erased' : 'data_expired',
      now: services.now().toISOString(),
    },
    metadata,
  );
  return result._tag === 'Right' && result.right.events.length > 0;
};
