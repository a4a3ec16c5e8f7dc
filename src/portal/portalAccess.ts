import type { PortalCapability } from '../../domain/portal/capabilities.js';

/** What a portal token may do with an operation: the capability it needs, or nothing at all. */
export type PortalDecision = PortalCapability | 'refused';

/**
 * Every authenticated operation of the OpenAPI document, by operationId, with what a portal token
 * needs to call it. A portal token acts as a merchant key of its merchant, so merchant scoping
 * applies on top; what a merchant does beyond its own webhooks (publishing, keys, processes,
 * audit) a portal does not do. An operation missing here is refused, and fails a test.
 */
export const PORTAL_ACCESS: Readonly<Record<string, PortalDecision>> = {
  createApiKey: 'refused',
  listApiKeys: 'refused',
  revokeApiKey: 'refused',
  listEventTypes: 'view',
  getEventType: 'view',
  createEventType: 'refused',
  updateEventType: 'refused',
  publishEvent: 'refused',
  listEvents: 'view',
  getEvent: 'view',
  createWebhookEndpoint: 'manage_endpoints',
  listWebhookEndpoints: 'view',
  getWebhookEndpoint: 'view',
  updateWebhookEndpoint: 'manage_endpoints',
  deleteWebhookEndpoint: 'manage_endpoints',
  getWebhookEndpointSecret: 'view_secret',
  rotateWebhookEndpointSecret: 'rotate_secret',
  testWebhook: 'send',
  listenForDeliveries: 'send',
  answerListenedDelivery: 'send',
  testWebhookFilter: 'manage_endpoints',
  checkWebhookFilter: 'manage_endpoints',
  listWebhookAttempts: 'view',
  listWebhookMessages: 'view',
  getWebhookEndpointStats: 'view',
  resendWebhookMessage: 'send',
  replayWebhookMessages: 'send',
  publishProcessDefinition: 'refused',
  listProcessDefinitions: 'refused',
  getProcessDefinition: 'refused',
  activateProcessDefinition: 'refused',
  deactivateProcessDefinition: 'refused',
  runProcess: 'refused',
  listProcessInstances: 'refused',
  getProcessInstance: 'refused',
  cancelProcessInstance: 'refused',
  replayProcessInstance: 'refused',
  completeUserAction: 'refused',
  resolveApproval: 'refused',
  listProcessInstanceEvents: 'refused',
  listAuditEvents: 'refused',
  listProjections: 'refused',
  getProjection: 'refused',
  rebuildProjection: 'refused',
  reconcileDeliveries: 'refused',
  createPortalSession: 'refused',
  expirePortalSessions: 'refused',
  eraseMerchantData: 'refused',
  listMerchantErasures: 'refused',
};
