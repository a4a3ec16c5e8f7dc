import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import swaggerUi from 'swagger-ui-express';
import { MAX_PAYLOAD_BYTES } from '../../../domain/events/businessEvent.js';
import type { Config } from '../../config/config.js';
import { openApiDocument } from '../../openapi/document.js';
import type { Services } from '../../services.js';
import { handle, ok } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { metricsAccess } from '../../metrics/metricsAccess.js';
import { authenticationFailures } from '../middleware/authenticationFailures.js';
import { requestAddress } from '../middleware/clientAddress.js';
import { notReadyBecause, readiness } from '../../processing/readiness.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'config' | 'eventStore' | 'health' | 'metrics' | 'readStore'>;

/** The window a receiver should accept timestamps in. */
export const TIMESTAMP_TOLERANCE_S = 300;

export const publicConfig = (config: Config) => ({
  api_version: 'v1' as const,
  process_runs: { max_wait_timeout_ms: config.maxWaitMs },
  webhooks: {
    signature_version: 'v1' as const,
    timestamp_tolerance_s: TIMESTAMP_TOLERANCE_S,
    retry_schedule_s: config.retryScheduleS,
    attempt_timeout_ms: config.attemptTimeoutMs,
    secret_rotation_grace_s: config.rotationGraceS,
    max_payload_bytes: MAX_PAYLOAD_BYTES,
  },
});

/** The routes that need no key: configuration, contract, docs, health and metrics. */
export const systemRoutes = (services: Needs): Router => {
  const router = exactRouter();
  const document = openApiDocument();

  router.get(
    '/v1/config',
    handle(() => Promise.resolve(ok(publicConfig(services.config)))),
  );
  router.get(
    '/v1/openapi.json',
    handle(() => Promise.resolve(ok(document))),
  );
  router.use('/docs', swaggerUi.serve);
  router.get(
    // The assets' handler sends /docs on to /docs/, where the page's relative links resolve.
    ['/docs', '/docs/'],
    // The document goes inline with the page's script: the reference draws as the page loads,
    // with no second request to wait on.
    swaggerUi.setup(document, { customSiteTitle: 'Sluice API' }),
  );
  router.get(
    '/healthz',
    handle(() => Promise.resolve(ok({ status: 'ok' }))),
  );
  router.get(
    '/readyz',
    handle(async () => {
      const { ready, ...found } = await readiness(services);
      if (!ready)
        throw new HttpProblem(
          'unavailable',
          notReadyBecause(found),
          undefined,
          { 'Retry-After': '1' },
          found,
        );
      return ok({ status: 'ready', ...found });
    }),
  );
  const metricsAnswer = metricsAccess(
    services.config.metricsToken,
    authenticationFailures({
      burst: services.config.guards.authFailureBurst,
      perMinute: services.config.guards.authFailuresPerMinute,
    }),
  );
  router.get('/metrics', async (req, res) => {
    const answer = metricsAnswer(req.headers.authorization, requestAddress(req) ?? 'unknown');
    if (answer.status === 429)
      throw new HttpProblem(
        'rate_limited',
        'Too many metrics tokens from this address were not valid; retry later.',
        undefined,
        { 'Retry-After': String(answer.retryAfter) },
      );
    if (answer.status === 401)
      throw new HttpProblem(
        'unauthorized',
        'The metrics need the bearer token set as SLUICE_METRICS_TOKEN.',
      );
    res.type(services.metrics.registry.contentType).send(await services.metrics.registry.metrics());
  });
  return router;
};
