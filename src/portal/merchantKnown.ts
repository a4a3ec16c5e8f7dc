import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Collection } from '../../projections/collection.js';
import { EVENTS } from '../../projections/events.js';
import { PROCESS_INSTANCES } from '../../projections/processInstanceDocs.js';
import { WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import { findDocs } from '../reads/readModels.js';

/** What a link for a merchant nothing is known of says to whoever made it. */
export type PortalLinkWarning = { code: 'unknown_merchant'; message: string };

/**
 * Whether anything of the merchant is known: an endpoint, an event or a process instance, each
 * looked for once by index. A merchant id nobody uses is most often a typo; it is also what a new
 * merchant is, whose first endpoint the portal is there to create, so it is told, never refused.
 */
export const isMerchantKnown = async (
  readStore: Pick<ReadStore, 'find'>,
  merchantId: string,
): Promise<boolean> => {
  const collections: ReadonlyArray<Collection<{ merchant_id: string }>> = [
    WEBHOOK_ENDPOINTS,
    EVENTS,
    PROCESS_INSTANCES,
  ];
  for (const collection of collections) {
    const found = await findDocs(readStore, collection, {
      where: { merchant_id: merchantId },
      orderBy: { field: 'created_at', direction: 'desc' },
      limit: 1,
    });
    if (found.docs.length > 0) return true;
  }
  return false;
};

export const unknownMerchantWarning = (merchantId: string): PortalLinkWarning => ({
  code: 'unknown_merchant',
  message: `Nothing is known of ${merchantId} yet (no endpoint, event or process instance): check the merchant id. A new merchant needs this link to create its first endpoint.`,
});
