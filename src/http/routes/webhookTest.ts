import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import type { EndpointDoc } from '../../../projections/webhookEndpoints.js';
import { merchantEndpoints } from '../../delivery/planner.js';
import { publishEvent } from '../../events/publishEvent.js';
import { TestWebhookBody } from '../codecs/webhooks.js';
import { handle } from '../handler.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem, orProblem } from '../problem.js';
import { namedMerchant, metadataOf, requireRole } from '../requestContext.js';
import { enabled, visibleEndpoint } from '../pathResources.js';
import { eventsProjection } from '../../../projections/events.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventStore' | 'idempotency' | 'now' | 'projector' | 'readStore'>;

/** `POST /v1/webhooks/test`: a webhook.test event to one endpoint, or to every enabled endpoint of the merchant. */
export const webhookTestRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.post(
    '/v1/webhooks/test',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin', 'merchant');
        const body = decodeOrThrow(TestWebhookBody, req.body ?? {}, 'body');
        const merchantId = namedMerchant(req, body.merchant_id, 'to test');
        let targets: EndpointDoc[];
        if (body.endpoint_id !== undefined) {
          const endpoint = await visibleEndpoint(services, req, body.endpoint_id);
          if (endpoint.merchant_id !== merchantId)
            throw new HttpProblem('not_found', `No webhook endpoint ${endpoint.id}.`);
          targets = [enabled(endpoint)];
        } else {
          targets = (await merchantEndpoints(services, merchantId)).filter((e) => !e.disabled);
        }
        // Planned by the planner, like any event, to the endpoints it names.
        const published = orProblem(
          await publishEvent(
            services,
            {
              type: 'webhook.test',
              merchant_id: merchantId,
              data: body.data ?? {},
              endpoint_ids: targets.map((endpoint) => endpoint.id),
            },
            metadataOf(req, merchantId),
          ),
        );
        await services.projector.caughtUp(published.position, undefined, [eventsProjection.name]);
        const event = published.event;
        return { status: 202, body: { event_id: event.id, endpoints: targets.map((e) => e.id) } };
      }),
    ),
  );

  return router;
};
