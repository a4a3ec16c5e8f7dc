import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import swaggerUi from 'swagger-ui-express';
import { MAX_PAYLOAD_BYTES } from '../../../domain/events/businessEvent.js';
import type { Config } from '../../config/config.js';
import { openApiDocument } from '../../openapi/document.js';
import type { Services } from '../../services.js';
import { handle, ok } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { metricsReadable } from '../../metrics/metricsAccess.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'config' | 'eventStore' | 'metrics' | 'readStore'>;

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
      try {
        await Promise.all([services.eventStore.ping(), services.readStore.ping()]);
      } catch {
        throw new HttpProblem('unavailable', 'A store does not answer.');
      }
      return ok({ status: 'ready', checks: { event_store: 'ok', read_store: 'ok' } });
    }),
  );
  router.get('/metrics', async (req, res) => {
    if (!metricsReadable(services.config.metricsToken, req.headers.authorization))
      throw new HttpProblem(
        'unauthorized',
        'The metrics need the bearer token set as SLUICE_METRICS_TOKEN.',
      );
    res.type(services.metrics.registry.contentType).send(await services.metrics.registry.metrics());
  });
  return router;
};
