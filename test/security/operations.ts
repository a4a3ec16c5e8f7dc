import { openApiDocument } from '../../src/openapi/document.js';
import type { Resources } from './fixture.js';
import { DEFINITION, OWNER } from './fixture.js';

export type Role = 'admin' | 'merchant' | 'auditor' | 'publisher';

/**
 * Who may call an operation, and how it is scoped to a merchant:
 * - `global`: the same for every merchant (the catalog, definitions);
 * - `owned`: it names a resource of one merchant (in its path, or `ownedInBody`): another
 *   merchant's key gets 404;
 * - `named`: it takes `merchant_id` (query for reads, body for writes): a merchant key naming
 *   another merchant gets 403; without it, its own merchant is implied.
 */
export type Access = {
  roles: readonly Role[];
  owned?: boolean;
  ownedInBody?: boolean;
  named?: boolean;
  /** Calls that destroy or end what they name run last. */
  destroys?: boolean;
  /**
   * It works only with a listener streaming (sluice listen): called here for its refusals, and
   * end to end in test/cli/listen.test.ts.
   */
  listening?: boolean;
  /** A valid request for an allowed caller (merchant_id left out: added per caller). */
  sample?: (r: Resources, receiverUrl: string) => { body?: Record<string, unknown> };
};

const everyone = ['admin', 'merchant', 'auditor'] as const;
const adminOnly = ['admin'] as const;
const operators = ['admin', 'auditor'] as const;

/**
 * The expected access of every operation of the OpenAPI document, by operationId. An operation
 * missing here fails the isolation test: whoever adds a route says who may call it and how it is
 * scoped, and the matrix then checks that the route does what it says.
 */
export const ACCESS: Readonly<Record<string, Access>> = {
  createApiKey: { roles: adminOnly, sample: () => ({ body: { role: 'auditor' } }) },
  listApiKeys: { roles: everyone, named: true },
  revokeApiKey: { roles: adminOnly, owned: true, destroys: true },
  listEventTypes: { roles: everyone },
  getEventType: { roles: everyone },
  createEventType: {
    roles: adminOnly,
    sample: () => ({ body: { name: 'sec_check.passed', description: 'A security check passed.' } }),
  },
  updateEventType: {
    roles: adminOnly,
    sample: () => ({ body: { description: 'An order was placed by a customer.' } }),
  },
  publishEvent: {
    roles: ['admin', 'publisher'],
    sample: () => ({ body: { type: 'order.created', merchant_id: OWNER, data: {} } }),
  },
  listEvents: { roles: everyone, named: true },
  getEvent: { roles: everyone, owned: true },
  createWebhookEndpoint: {
    roles: ['admin', 'merchant'],
    named: true,
    sample: (_r, url) => ({ body: { url } }),
  },
  listWebhookEndpoints: { roles: everyone, named: true },
  getWebhookEndpoint: { roles: everyone, owned: true },
  updateWebhookEndpoint: {
    roles: ['admin', 'merchant'],
    owned: true,
    sample: () => ({ body: { description: 'updated' } }),
  },
  deleteWebhookEndpoint: { roles: ['admin', 'merchant'], owned: true, destroys: true },
  getWebhookEndpointSecret: { roles: ['admin', 'merchant'], owned: true, named: true },
  rotateWebhookEndpointSecret: { roles: ['admin', 'merchant'], owned: true },
  listenForDeliveries: { roles: ['admin', 'merchant'], named: true, listening: true },
  answerListenedDelivery: {
    roles: ['admin', 'merchant'],
    listening: true,
    // A try no listener of this key was handed: refused as unknown, never recorded.
    sample: () => ({ body: { try: 'bm90IGEgdHJ5', status_code: 200, duration_ms: 1 } }),
  },
  testWebhook: {
    roles: ['admin', 'merchant'],
    named: true,
    ownedInBody: true,
    sample: (r) => ({ body: { endpoint_id: r.endpoint_id } }),
  },
  // Its merchant_id is the event's (event.merchant_id): 403 for another merchant's, tested in
  // test/src/http/webhookFilters.test.ts.
  testWebhookFilter: {
    roles: ['admin', 'merchant'],
    sample: () => ({
      body: {
        filter: 'type = "order.created"',
        event: { type: 'order.created', merchant_id: OWNER, data: {} },
      },
    }),
  },
  listWebhookAttempts: { roles: everyone, owned: true, named: true },
  listWebhookMessages: { roles: everyone, owned: true, named: true },
  getWebhookEndpointStats: { roles: everyone, owned: true, named: true },
  resendWebhookMessage: { roles: ['admin', 'merchant'], owned: true },
  replayWebhookMessages: {
    roles: ['admin', 'merchant'],
    owned: true,
    sample: () => ({ body: { since: '2000-01-01T00:00:00Z' } }),
  },
  publishProcessDefinition: {
    roles: adminOnly,
    sample: () => ({
      body: {
        id: 'sec.other',
        name: 'Other',
        input_schema: { type: 'object' },
        steps: [{ id: 'done', type: 'succeed' }],
      },
    }),
  },
  listProcessDefinitions: { roles: everyone },
  getProcessDefinition: { roles: everyone },
  activateProcessDefinition: { roles: adminOnly, sample: () => ({ body: { version: 1 } }) },
  deactivateProcessDefinition: { roles: adminOnly, destroys: true },
  runProcess: { roles: ['admin', 'merchant', 'publisher'], named: true },
  listProcessInstances: { roles: everyone, named: true },
  getProcessInstance: { roles: everyone, owned: true },
  cancelProcessInstance: { roles: ['admin', 'merchant'], owned: true, destroys: true },
  replayProcessInstance: { roles: ['admin', 'merchant'], owned: true },
  completeUserAction: {
    roles: ['admin', 'merchant'],
    owned: true,
    sample: () => ({ body: { step_id: 'confirm', data: { ok: true } } }),
  },
  resolveApproval: {
    roles: ['admin', 'merchant'],
    owned: true,
    sample: () => ({ body: { step_id: 'approve', decision: 'approved' } }),
  },
  listProcessInstanceEvents: { roles: everyone, owned: true },
  listAuditEvents: { roles: operators },
  listProjections: { roles: operators },
  getProjection: { roles: operators },
  rebuildProjection: { roles: adminOnly },
  reconcileDeliveries: { roles: adminOnly, sample: () => ({ body: { limit: 10 } }) },
  createPortalSession: { roles: adminOnly, sample: () => ({ body: { merchant_id: OWNER } }) },
  expirePortalSessions: {
    roles: adminOnly,
    destroys: true,
    sample: () => ({ body: { merchant_id: OWNER } }),
  },
  eraseMerchantData: {
    roles: adminOnly,
    destroys: true,
    sample: () => ({ body: { reason: 'erasure request 42' } }),
  },
  listMerchantErasures: { roles: operators },
};

type Parameter = { name: string; in: string };
type OperationObject = {
  operationId: string;
  summary?: string;
  security?: unknown[];
  parameters?: Array<Parameter | { $ref: string }>;
};

export type Operation = {
  id: string;
  method: string;
  template: string;
  summary: string;
  /** Needs no key (`security: []`). */
  open: boolean;
  /** The names of its query parameters, references resolved. */
  query: string[];
};

/** Every operation of the OpenAPI document, read from the document itself. */
export const documentOperations = (): Operation[] => {
  const document = openApiDocument();
  const shared = document.components.parameters as Record<string, Parameter>;
  const resolve = (p: Parameter | { $ref: string }): Parameter =>
    '$ref' in p ? shared[p.$ref.split('/').pop()!]! : p;
  return Object.entries(document.paths as Record<string, Record<string, OperationObject>>).flatMap(
    ([template, item]) =>
      Object.entries(item).map(([method, op]) => ({
        id: op.operationId,
        method: method.toUpperCase(),
        template,
        summary: op.summary ?? '',
        open: Array.isArray(op.security) && op.security.length === 0,
        query: (op.parameters ?? [])
          .map(resolve)
          .filter((p) => p.in === 'query')
          .map((p) => p.name),
      })),
  );
};

/** Path parameters by name: the real thing each one names. */
export const pathValues = (r: Resources): Record<string, string> => ({
  endpoint_id: r.endpoint_id,
  event_id: r.event_id,
  instance_id: r.instance_id,
  key_id: r.key_id,
  definition_id: DEFINITION,
  event_type: 'order.created',
  name: 'events',
  // A merchant of its own: erasing the fixture's merchants would change what other checks read.
  merchant_id: 'mer_erased_in_tests',
});

/** The concrete path of an operation, every `{parameter}` replaced by its value. */
export const concretePath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for the path parameter ${name}`);
    return encodeURIComponent(value);
  });

export const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';
