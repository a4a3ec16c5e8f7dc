import { isLeft } from 'fp-ts/lib/Either.js';
import { endpointDecider, endpointStream } from '../../domain/webhooks/endpoint.js';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import { webhookEndpointsProjection } from '../../projections/webhookEndpoints.js';
import { handleCommand } from '../commands/handleCommand.js';
import type { Services } from '../services.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventStore' | 'logger' | 'now' | 'projector'>;

/**
 * The service disables an endpoint that answered 410 Gone or kept failing. The merchant is told
 * with a `webhook_endpoint.disabled` event that the operational events reactor publishes from this
 * update in the log (src/delivery/operational/reactor.ts), so a crash right after it loses nothing.
 * `sentAt` is when the request that decided it went out: an endpoint the merchant enabled since
 * then stays enabled. Once disabled, the endpoints' read model is let take it in, so that the
 * dispatcher, which reads the endpoint there, sends it no further try.
 */
export const disableEndpoint = async (
  services: Needs,
  endpointId: string,
  reason: 'gone' | 'failing',
  sentAt: Date,
  metadata: EventMetadata,
): Promise<void> => {
  const result = await handleCommand(
    services.eventStore,
    endpointDecider,
    endpointStream(endpointId),
    {
      type: 'disable_endpoint',
      endpoint_id: endpointId,
      acting_merchant: undefined,
      reason,
      sent_at: sentAt.toISOString(),
      now: services.now().toISOString(),
    },
    metadata,
  );
  if (isLeft(result) || result.right.events.length === 0 || result.right.state.status === 'absent')
    return;
  await services.projector.caughtUp(result.right.position, undefined, [
    webhookEndpointsProjection.name,
  ]);
  const { merchant_id } = result.right.state;
  services.logger.warn(
    { endpoint_id: endpointId, merchant_id, reason },
    'webhook endpoint disabled',
  );
};
