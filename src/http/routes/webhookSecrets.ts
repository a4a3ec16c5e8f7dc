import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { endpointDecider, endpointStream } from '../../../domain/webhooks/endpoint.js';
import { ENDPOINT_SECRETS } from '../../../projections/webhookEndpoints.js';
import type { Services } from '../../services.js';
import {
  generateSigningSecret,
  isValidSigningSecret,
  signingSecretId,
} from '../../webhooks/signingSecret.js';
import { decodeOrThrow } from '../codec.js';
import { MerchantQuery, RotateSecretBody } from '../codecs/webhooks.js';
import { execute } from '../execute.js';
import { handle, ok } from '../handler.js';
import { idempotent } from '../middleware/idempotency.js';
import { HttpProblem } from '../problem.js';
import { actingMerchant, merchantScope, metadataOf, requireRole } from '../requestContext.js';
import { visibleEndpoint } from '../pathResources.js';
import { getDoc } from '../../reads/readModels.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'config' | 'eventStore' | 'idempotency' | 'now' | 'projector' | 'readStore' | 'secrets'
>;

/**
 * The one route that shows a signing secret, and its rotation. Auditors read everything else but
 * not secrets: whoever holds one can sign webhooks as the platform.
 */
export const webhookSecretRoutes = (services: Needs): Router => {
  const router = exactRouter();

  router.get(
    '/v1/webhooks/:endpoint_id/secret',
    handle(async (req) => {
      requireRole(req, 'admin', 'merchant');
      const query = decodeOrThrow(MerchantQuery, req.query, 'query');
      const merchantId = merchantScope(req, query.merchant_id);
      const endpoint = await visibleEndpoint(services, req);
      if (merchantId && merchantId !== endpoint.merchant_id) {
        throw new HttpProblem('not_found', `No webhook endpoint ${endpoint.id}.`);
      }
      const secrets = await getDoc(services.readStore, ENDPOINT_SECRETS, endpoint.id);
      if (!secrets) throw new HttpProblem('not_found', `No webhook endpoint ${endpoint.id}.`);
      const key = services.secrets.open(secrets.current, endpoint.id);
      // The previous secret still signs beside this one until then (null: no longer, or none).
      const { previous_expires_at } = secrets;
      const previousSigns =
        previous_expires_at !== null && Date.parse(previous_expires_at) > services.now().getTime();
      return ok({
        key,
        id: signingSecretId(key),
        previous_expires_at: previousSigns ? previous_expires_at : null,
      });
    }),
  );

  router.post(
    '/v1/webhooks/:endpoint_id/secret/rotate',
    handle(
      idempotent(services.idempotency, async (req) => {
        requireRole(req, 'admin', 'merchant');
        const endpoint = await visibleEndpoint(services, req);
        const body = decodeOrThrow(RotateSecretBody, req.body ?? {}, 'body');
        if (body.key !== undefined && !isValidSigningSecret(body.key)) {
          throw new HttpProblem('validation_failed', 'The new secret is not valid.', [
            { path: 'key', message: 'must be whsec_ followed by the base64 of 24 to 64 bytes' },
          ]);
        }
        const key = body.key ?? generateSigningSecret();
        const rotated = await execute(
          services,
          endpointDecider,
          endpointStream(endpoint.id),
          {
            type: 'rotate_secret',
            endpoint_id: endpoint.id,
            acting_merchant: actingMerchant(req),
            secret: services.secrets.seal(key, endpoint.id),
            grace_s: services.config.rotationGraceS,
            now: services.now().toISOString(),
          },
          metadataOf(req, endpoint.merchant_id),
        );
        const event = rotated.events[0];
        const previousExpiresAt =
          event?.type === 'webhook_endpoint.secret_rotated' ? event.data.previous_expires_at : null;
        // The new secret's id, not the secret: reading it is the secret route's alone.
        return ok({ id: signingSecretId(key), previous_expires_at: previousExpiresAt });
      }),
    ),
  );

  return router;
};
