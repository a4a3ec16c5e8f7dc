import type { Request, Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { PORTAL_CAPABILITIES } from '../../../domain/portal/capabilities.js';
import { portalExpiryDecider, portalExpiryStream } from '../../../domain/portal/portalExpiry.js';
import { PORTAL_SESSION_LIFETIME_S } from '../../../domain/portal/portalSession.js';
import { portalSessionsProjection } from '../../../projections/portalSessions.js';
import { createPortalSession } from '../../portal/createPortalSession.js';
import { exchangePortalCode } from '../../portal/exchangePortalCode.js';
import { isMerchantKnown, unknownMerchantWarning } from '../../portal/merchantKnown.js';
import type { Services } from '../../services.js';
import { decodeOrThrow, strictObject } from '../codec.js';
import { MerchantId, boundedString } from '../codecs/common.js';
import { execute } from '../execute.js';
import { created, handle, noContent, ok } from '../handler.js';
import { authenticationFailures } from '../middleware/authenticationFailures.js';
import { requestAddress } from '../middleware/clientAddress.js';
import { idempotent } from '../middleware/idempotency.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { HttpProblem, orProblem } from '../problem.js';
import { metadataOf, requireRole } from '../requestContext.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'config' | 'eventStore' | 'idempotency' | 'now' | 'projector' | 'readStore'
>;

const Lifetime = new t.Type<number, number, unknown>(
  `an integer from ${PORTAL_SESSION_LIFETIME_S.min} to ${PORTAL_SESSION_LIFETIME_S.max}`,
  (u): u is number => typeof u === 'number',
  (u, c) =>
    typeof u === 'number' &&
    Number.isInteger(u) &&
    u >= PORTAL_SESSION_LIFETIME_S.min &&
    u <= PORTAL_SESSION_LIFETIME_S.max
      ? t.success(u)
      : t.failure(u, c),
  t.identity,
);

const Capability = t.keyof(
  Object.fromEntries(PORTAL_CAPABILITIES.map((c) => [c, null])) as Record<
    (typeof PORTAL_CAPABILITIES)[number],
    null
  >,
  PORTAL_CAPABILITIES.join(', '),
);

const CreatePortalSessionBody = strictObject(
  'CreatePortalSessionBody',
  { merchant_id: MerchantId },
  { capabilities: t.array(Capability), expires_in_s: Lifetime },
);
const ExchangePortalCodeBody = strictObject(
  'ExchangePortalCodeBody',
  { code: boundedString(1, 512) },
  {},
);
const ExpirePortalSessionsBody = strictObject(
  'ExpirePortalSessionsBody',
  { merchant_id: MerchantId },
  {},
);

/** Neither a code's link nor a token may stay in a cache on the way. */
const noStore = { 'Cache-Control': 'no-store' };

/** The base of portal links: the configured public URL, else the origin the admin called. */
const baseUrlOf = (req: Request, configured: string | undefined): string =>
  configured ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/**
 * The exchange of a portal link's code for a token. It takes no API key (the code is the
 * credential), so it is mounted before authentication; like an unknown key, a code that does not
 * exchange counts against its address, which past its allowance gets a 429 for the next such
 * codes. A valid code exchanges whatever its address did (see the authenticate middleware).
 */
export const portalExchangeRoutes = (services: Needs): Router => {
  const router = exactRouter();
  const failures = authenticationFailures({
    burst: services.config.guards.authFailureBurst,
    perMinute: services.config.guards.authFailuresPerMinute,
  });

  router.post(
    '/v1/portal/exchange',
    jsonBody(),
    handle(async (req) => {
      const body = decodeOrThrow(ExchangePortalCodeBody, req.body, 'body');
      const result = await exchangePortalCode(services, body.code, metadataOf(req, null));
      if (isLeft(result)) {
        const address = requestAddress(req) ?? 'unknown';
        const retryAfter = failures.retryAfter(address);
        if (retryAfter !== undefined) {
          throw new HttpProblem(
            'rate_limited',
            'Too many codes from this address were not valid; retry later.',
            undefined,
            { 'Retry-After': String(retryAfter) },
          );
        }
        failures.failed(address);
        throw new HttpProblem('unauthorized', 'The code is not valid.');
      }
      return { ...ok(result.right), headers: noStore };
    }),
  );

  return router;
};

/** Portal sessions as the operator makes and ends them (admin). */
export const portalSessionRoutes = (services: Needs): Router => {
  const router = exactRouter();

  router.post(
    '/v1/portal/sessions',
    handle(
      idempotent(
        services.idempotency,
        async (req) => {
          requireRole(req, 'admin');
          const body = decodeOrThrow(CreatePortalSessionBody, req.body, 'body');
          const result = orProblem(
            await createPortalSession(
              services,
              {
                merchant_id: body.merchant_id,
                capabilities: body.capabilities,
                expires_in_s: body.expires_in_s ?? PORTAL_SESSION_LIFETIME_S.default,
              },
              baseUrlOf(req, services.config.publicUrl),
              metadataOf(req, body.merchant_id),
            ),
          );
          await services.projector.caughtUp(result.position, undefined, [
            portalSessionsProjection.name,
          ]);
          const known = await isMerchantKnown(services.readStore, body.merchant_id);
          const answer = {
            ...result.created,
            merchant_known: known,
            warnings: known ? [] : [unknownMerchantWarning(body.merchant_id)],
          };
          return { ...created(answer), headers: noStore };
        },
        { forget: ['url'] },
      ),
    ),
  );

  router.post(
    '/v1/portal/sessions/expire-all',
    handle(async (req) => {
      requireRole(req, 'admin');
      const body = decodeOrThrow(ExpirePortalSessionsBody, req.body, 'body');
      await execute(
        services,
        portalExpiryDecider,
        portalExpiryStream(body.merchant_id),
        {
          type: 'expire_portal_sessions',
          merchant_id: body.merchant_id,
          now: services.now().toISOString(),
        },
        metadataOf(req, body.merchant_id),
      );
      return noContent();
    }),
  );

  return router;
};
