import { apiKeysProjection } from './apiKeys.js';
import { deliveriesProjection } from './deliveries.js';
import { endpointStatsProjection } from './endpointStats.js';
import { eventsProjection } from './events.js';
import { eventTypesProjection } from './eventTypes.js';
import { merchantErasuresProjection } from './merchantErasures.js';
import { portalSessionsProjection } from './portalSessions.js';
import type { Projection } from './projection.js';
import { processDefinitionsProjection } from './processDefinitions.js';
import { processInstancesProjection } from './processInstances.js';
import { webhookEndpointsProjection } from './webhookEndpoints.js';
import { webhookRoutesProjection } from './webhookRoutes.js';

/** Every projection the service keeps up to date and can rebuild. */
export const allProjections: readonly Projection[] = [
  apiKeysProjection,
  eventsProjection,
  eventTypesProjection,
  webhookEndpointsProjection,
  webhookRoutesProjection,
  deliveriesProjection,
  endpointStatsProjection,
  processDefinitionsProjection,
  processInstancesProjection,
  portalSessionsProjection,
  merchantErasuresProjection,
];
