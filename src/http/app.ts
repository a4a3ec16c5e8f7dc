import express from 'express';
import type { Express } from 'express';
import type { Services } from '../services.js';
import { authenticate } from './middleware/authenticate.js';
import { authenticationFailures } from './middleware/authenticationFailures.js';
import { canonicalPath } from './middleware/canonicalPath.js';
import { errorHandler, notFound } from './middleware/errorHandler.js';
import { jsonBody } from './middleware/jsonBody.js';
import { merchantWrites } from './middleware/merchantWrites.js';
import { nulCharacters } from './middleware/nulCharacters.js';
import { optionsNotServed } from './middleware/optionsNotServed.js';
import { portalCapabilities } from './middleware/portalCapabilities.js';
import { publisherOnly } from './middleware/publisherOnly.js';
import { rateLimit } from './middleware/rateLimit.js';
import { readOnlyAuditor } from './middleware/readOnlyAuditor.js';
import { requestId } from './middleware/requestId.js';
import { requestLog } from './middleware/requestLog.js';
import { adminDeliveryRoutes } from './routes/adminDeliveries.js';
import { adminProjectionRoutes } from './routes/adminProjections.js';
import { apiKeyRoutes } from './routes/apiKeys.js';
import { portalExchangeRoutes, portalSessionRoutes } from './routes/portalSessions.js';
import { auditRoutes } from './routes/audit.js';
import { eventRoutes } from './routes/events.js';
import { eventTypeRoutes } from './routes/eventTypes.js';
import { webhookObservabilityRoutes } from './routes/webhookObservability.js';
import { webhookStatsRoutes } from './routes/webhookStats.js';
import { webhookRedeliveryRoutes } from './routes/webhookRedelivery.js';
import { webhookTestRoutes } from './routes/webhookTest.js';
import { listenRoutes } from './routes/listen.js';
import { webhookEndpointRoutes } from './routes/webhookEndpoints.js';
import { webhookFilterRoutes } from './routes/webhookFilters.js';
import { webhookSecretRoutes } from './routes/webhookSecrets.js';
import { systemRoutes } from './routes/system.js';
import { pageRoutes } from './routes/pages.js';
import { processDefinitionRoutes } from './routes/processDefinitions.js';
import { processHistoryRoutes } from './routes/processHistory.js';
import { processInstanceRoutes } from './routes/processInstances.js';
import { processRunRoutes } from './routes/processRuns.js';
import { merchantErasureRoutes } from './routes/merchantErasure.js';
import { processSignalRoutes } from './routes/processSignals.js';
import { landingRoutes } from './routes/landing.js';

/**
 * The HTTP API. Order matters: every request gets an id and a log line; OPTIONS is refused before
 * any router answers it, and so is a path spelt otherwise than the document writes it; open routes
 * come before authentication (which holds back the unknown keys of an address presenting too many
 * of them, never a valid one); the checks of restricted keys come before any route, and refuse
 * what they do not recognise; keys are rate-limited before their paths, queries and bodies are
 * looked into (for U+0000, which not every store keeps), and a merchant's writes counted once
 * their bodies are read; anything unmatched is a 404 problem, and every error a problem+json
 * answer.
 */
export const createApp = (services: Services): Express => {
  const app = express();
  // Paths are matched as written, by the app as by every router (exactRouter): the access checks
  // read a request's operation from its path in the same way.
  app.enable('case sensitive routing');
  app.enable('strict routing');
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Who a request is from (req.ip, req.protocol): the connection's peer, unless that is a proxy
  // the operator named, whose X-Forwarded-* headers are then believed (see requestAddress).
  app.set(
    'trust proxy',
    services.config.trustedProxies.length > 0 ? services.config.trustedProxies : false,
  );

  app.use(requestId());
  app.use(requestLog(services.logger, services.metrics.http));
  app.use(optionsNotServed());
  app.use(canonicalPath());
  app.use(systemRoutes(services));
  app.use(landingRoutes());
  app.use(portalExchangeRoutes(services));
  app.use(pageRoutes(services));

  app.use(
    '/v1',
    authenticate(
      services.authenticate,
      authenticationFailures({
        burst: services.config.guards.authFailureBurst,
        perMinute: services.config.guards.authFailuresPerMinute,
      }),
    ),
  );
  app.use('/v1', readOnlyAuditor());
  app.use('/v1', publisherOnly());
  app.use(
    '/v1',
    portalCapabilities(() => services.now()),
  );
  app.use(
    '/v1',
    rateLimit({ rps: services.config.rateLimitRps, burst: services.config.rateLimitRps * 2 }),
  );
  app.use('/v1', nulCharacters());
  const writes = merchantWrites({
    bytesPerMinute: services.config.guards.merchantWriteBytesPerMin,
  });
  app.use('/v1', writes.beforeBody);
  app.use(jsonBody());
  app.use('/v1', writes.afterBody);
  app.use(apiKeyRoutes(services));
  app.use(portalSessionRoutes(services));
  app.use(eventTypeRoutes(services));
  app.use(eventRoutes(services));
  app.use(webhookSecretRoutes(services));
  app.use(webhookTestRoutes(services));
  app.use(listenRoutes(services));
  app.use(webhookObservabilityRoutes(services));
  app.use(webhookStatsRoutes(services));
  app.use(webhookRedeliveryRoutes(services));
  app.use(webhookEndpointRoutes(services));
  app.use(webhookFilterRoutes(services));
  app.use(processDefinitionRoutes(services));
  app.use(processRunRoutes(services));
  app.use(processSignalRoutes(services));
  app.use(processHistoryRoutes(services));
  app.use(processInstanceRoutes(services));
  app.use(auditRoutes(services));
  app.use(adminProjectionRoutes(services));
  app.use(adminDeliveryRoutes(services));
  app.use(merchantErasureRoutes(services));

  app.use(notFound());
  app.use(errorHandler(services.logger));
  return app;
};
