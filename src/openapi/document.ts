import { parameters, responses, schemas, securitySchemes } from './components.js';
import { apiKeyPaths } from './paths/apiKeys.js';
import { eventPaths } from './paths/events.js';
import { processDefinitionPaths } from './paths/processDefinitions.js';
import { operationsPaths } from './paths/operations.js';
import { processInstancePaths } from './paths/processInstances.js';
import { portalPaths } from './paths/portal.js';
import { systemPaths } from './paths/system.js';
import { webhookDeliveryPaths } from './paths/webhookDeliveries.js';
import { webhookPaths } from './paths/webhooks.js';
import { webhookFilterPaths } from './paths/webhookFilters.js';
import { webhookStatsPaths } from './paths/webhookStats.js';
import { listenPaths } from './paths/listen.js';
import { merchantPaths } from './paths/merchants.js';
import { withSharedAnswers } from './sharedAnswers.js';
import { webhookSection } from './webhooks.js';

/**
 * The OpenAPI 3.1 document: the machine-readable contract of every route. The API tests validate
 * each answer they receive against it, so it cannot drift from the code.
 */
export const openApiDocument = () => ({
  openapi: '3.1.0',
  info: {
    title: 'Sluice',
    version: '1.0.0',
    summary: 'Business processes and signed, retried webhooks for a platform’s merchants',
    description:
      'Every change is an event in an append-only log; every read is served from projections of it. Errors are RFC 9457 problem details. Lists are paged by cursor, newest first unless a route says otherwise. Paths are taken only as written here: case counts, a trailing slash makes another path, and a path with an empty or dot segment, a backslash, or a percent-encoded slash, letter, digit or `-._~` is refused (400). A key held to some operations (a portal session’s token, a publisher key) gets 403 for any path under /v1 that names none of them. A path, query, cursor or JSON body holding the character U+0000 is refused (400): not every store can keep it.',
  },
  // OpenAPI 3.1's own dialect: JSON Schema 2020-12 with the OpenAPI vocabulary. Renderers read the
  // schemas as theirs only under this one (Swagger UI warns of any other).
  jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
  servers: [{ url: '/' }],
  security: [{ bearer: [] }],
  tags: [
    { name: 'System' },
    { name: 'API keys' },
    { name: 'Events' },
    { name: 'Webhook endpoints' },
    { name: 'Process definitions' },
    { name: 'Process instances' },
    { name: 'Audit and operations' },
    { name: 'Merchant portal' },
  ],
  paths: withSharedAnswers({
    ...systemPaths,
    ...apiKeyPaths,
    ...eventPaths,
    ...webhookPaths,
    ...webhookDeliveryPaths,
    ...webhookStatsPaths,
    ...webhookFilterPaths,
    ...listenPaths,
    ...processDefinitionPaths,
    ...processInstancePaths,
    ...operationsPaths,
    ...merchantPaths,
    ...portalPaths,
  }),
  webhooks: webhookSection(),
  components: { schemas, responses, parameters, securitySchemes },
});
