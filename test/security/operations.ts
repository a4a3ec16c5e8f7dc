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
  checkWebhookFilter: {
    roles: ['admin', 'merchant'],
    sample: () => ({ body: { filter: 'data.total > 1', filter_types: ['order.created'] } }),
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

/**
 * How the service must take a spelling of a documented path:
 * - `unrouted`: under /v1 as written, but no route takes it (a case or a trailing slash differs);
 * - `outside`: the /v1 prefix itself is spelt otherwise, so nothing under /v1 sees it;
 * - `malformed`: a path that could be read as another (an empty or dot segment, a backslash, an
 *   encoded slash or letter), refused before any route.
 */
export type VariantKind = 'unrouted' | 'outside' | 'malformed';

export type PathVariant = { what: string; path: string; kind: VariantKind };

const capitalised = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);

/** `w` as `%77`: a letter percent-encoded, which decodes to the path as documented. */
const encodedFirst = (segment: string) =>
  `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;

/** The spellings of one segment's case: all upper, and capitalised. */
const caseVariants = (segment: string): string[] =>
  [...new Set([segment.toUpperCase(), capitalised(segment)])].filter((v) => v !== segment);

/**
 * Other spellings of an operation's concrete path, each a path that a case-insensitive router, a
 * normalising proxy or a decoding client might take for the documented one: every literal segment
 * in upper case and capitalised, all of them upper case at once, a trailing slash, doubled
 * slashes, `%2F` for a slash, a backslash, `.` and `..` segments (plain and encoded), and letters
 * percent-encoded. Parameters keep their real values, so a variant that reached its route would
 * act on the real resource.
 */
export const pathVariants = (template: string, values: Record<string, string>): PathVariant[] => {
  const path = concretePath(template, values);
  const segments = path.split('/');
  const literals = template
    .split('/')
    .map((segment, i) => ({ segment, i }))
    .filter(({ segment, i }) => i > 0 && !segment.startsWith('{'));
  const withSegment = (i: number, value: string) =>
    segments.map((s, j) => (j === i ? value : s)).join('/');
  const kindOf = (i: number): VariantKind => (i === 1 ? 'outside' : 'unrouted');
  const last = path.lastIndexOf('/');
  const [, , ...rest] = segments;
  const tail = rest.join('/');
  const firstLiteral = literals.find(({ i }) => i > 1) ?? literals[0]!;
  const lastLiteral = literals[literals.length - 1]!;
  const variants: PathVariant[] = [
    ...literals.flatMap(({ segment, i }) =>
      caseVariants(segment).map((v) => ({
        what: `${segment} as ${v}`,
        path: withSegment(i, v),
        kind: kindOf(i),
      })),
    ),
    {
      what: 'every literal upper case',
      path: segments
        .map((s, j) => (literals.some(({ i }) => i === j) ? s.toUpperCase() : s))
        .join('/'),
      kind: 'outside' as const,
    },
    { what: 'a trailing slash', path: `${path}/`, kind: 'unrouted' as const },
    { what: 'a doubled slash after /v1', path: `/v1//${tail}`, kind: 'malformed' as const },
    {
      what: 'a doubled last slash',
      path: `${path.slice(0, last)}//${path.slice(last + 1)}`,
      kind: 'malformed' as const,
    },
    { what: 'a leading doubled slash', path: `/${path}`, kind: 'malformed' as const },
    { what: 'a trailing doubled slash', path: `${path}//`, kind: 'malformed' as const },
    {
      what: 'the last slash as %2F',
      path: `${path.slice(0, last)}%2F${path.slice(last + 1)}`,
      kind: 'malformed' as const,
    },
    { what: 'the slash after /v1 as %2f', path: `/v1%2f${tail}`, kind: 'malformed' as const },
    {
      what: 'the last slash as a backslash',
      path: `${path.slice(0, last)}\\${path.slice(last + 1)}`,
      kind: 'malformed' as const,
    },
    { what: 'a .. segment', path: `/v1/x/../${tail}`, kind: 'malformed' as const },
    { what: 'an encoded .. segment', path: `/v1/x/%2e%2E/${tail}`, kind: 'malformed' as const },
    { what: 'a . segment', path: `/v1/./${tail}`, kind: 'malformed' as const },
    {
      what: 'the v of v1 encoded',
      path: `/${encodedFirst('v1')}/${tail}`,
      kind: 'malformed' as const,
    },
    ...[...new Set([firstLiteral, lastLiteral])].flatMap(({ segment, i }) => [
      {
        what: `${segment} with its first letter encoded`,
        path: withSegment(i, encodedFirst(segment)),
        kind: 'malformed' as const,
      },
      {
        what: `${segment} with its first letter encoded upper case`,
        path: withSegment(i, encodedFirst(capitalised(segment))),
        kind: 'malformed' as const,
      },
    ]),
  ];
  return variants.filter((v, i) => variants.findIndex((w) => w.path === v.path) === i);
};
