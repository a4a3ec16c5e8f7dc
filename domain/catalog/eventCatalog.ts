import { BUSINESS_EXAMPLES } from './businessExamples.js';
import { SERVICE_EXAMPLES } from './serviceExamples.js';

/**
 * The event catalog: every type the platform publishes, in its family, with what it means, whether
 * it is delivered by webhook, and the JSON Schema its `data` follows with examples. The built-in
 * types are listed here; an admin may register more (platform types) and change any type's
 * description, schema, examples and deprecation (eventTypeDecider), never its name or family.
 */
export type EventTypeEntry = {
  name: string;
  family: string;
  description: string;
  deliverable: boolean;
  /** JSON Schema 2020-12 for `data`. */
  schema: Record<string, unknown>;
  /** Data valid against the schema; at least one for a deliverable type. */
  examples: Record<string, unknown>[];
  /** 1, then one more with each change of the schema. */
  version: number;
  /** Still published and delivered to endpoints that list it; no endpoint may newly list it. */
  deprecated: boolean;
  /** Null for a built-in type as the service ships it. */
  updated_at: string | null;
};

/** What a type's `data` follows when nothing more is declared: any object. */
export const OPEN_SCHEMA: Readonly<Record<string, unknown>> = { type: 'object' };

/** A built-in type's examples (test/domain/catalog checks that every deliverable one has one). */
const examplesOf = (type: string): Record<string, unknown>[] =>
  structuredClone([...(BUSINESS_EXAMPLES[type] ?? SERVICE_EXAMPLES[type] ?? [])]);

const family = (name: string, entries: Array<[string, string]>): EventTypeEntry[] =>
  entries.map(([type, description]) => ({
    name: type,
    family: name,
    description,
    deliverable: true,
    schema: { ...OPEN_SCHEMA },
    examples: examplesOf(type),
    version: 1,
    deprecated: false,
    updated_at: null,
  }));

export const EVENT_CATALOG: readonly EventTypeEntry[] = [
  ...family('company', [
    ['company.created', 'A company was registered on the platform.'],
    ['company.updated', 'A company’s details changed.'],
    ['contact.created', 'A contact person was added to a company.'],
    ['contact_role.certified', 'A contact’s role in a company was certified.'],
  ]),
  ...family('onboarding_and_compliance', [
    ['onboarding_case.completed', 'An onboarding case ended with the merchant accepted.'],
    ['onboarding_case.rejected', 'An onboarding case ended with the merchant refused.'],
    ['compliance_check.created', 'A compliance check was opened.'],
    ['compliance_check.review_required', 'A compliance check needs a person to review it.'],
  ]),
  ...family('commerce', [
    ['order.created', 'An order was placed.'],
    ['order.confirmed', 'An order was confirmed.'],
    ['checkout_session.completed', 'A checkout session was paid and closed.'],
  ]),
  ...family('invoicing', [
    ['invoice.created', 'An invoice was drafted.'],
    ['invoice.issued', 'An invoice was finalised and numbered.'],
    ['invoice.sent', 'An invoice was sent to its recipient.'],
    ['invoice.cancelled', 'An invoice was cancelled.'],
  ]),
  ...family('payments', [
    ['psp_payment.succeeded', 'A payment through a payment service provider succeeded.'],
    ['payment.received', 'A payment was received.'],
    ['payment_allocation.complete', 'A received payment was fully allocated to what it pays.'],
  ]),
  ...family('orchestration', [
    ['process.instance.created', 'A process instance was created by a run.'],
    ['process.instance.completed', 'A process instance completed; its output is in the data.'],
    ['process.instance.failed', 'A process instance failed; the error is in the data.'],
    ['process.instance.cancelled', 'A process instance was cancelled.'],
    [
      'process.instance.replayed',
      'A process instance was run again as a new instance (replay_of).',
    ],
    [
      'process.user_action.requested',
      'A process instance waits for a person to complete a user action (POST …/user-actions).',
    ],
    ['process.user_action.completed', 'A user action a process instance waited for was completed.'],
    [
      'approval_request.created',
      'A process instance waits for a person to approve or reject a step (POST …/approvals).',
    ],
    [
      'approval_request.resolved',
      'An approval a process instance waited for was approved or rejected.',
    ],
  ]),
  ...family('webhooks', [
    ['webhook.test', 'A test delivery asked for through the API.'],
    [
      'webhook_endpoint.disabled',
      'An endpoint was disabled because it failed for too long or answered 410 Gone.',
    ],
    ['webhook_endpoint.enabled', 'A disabled endpoint was enabled again.'],
    ['message.attempt.failing', 'A message to another endpoint failed its 4th try in a row.'],
    [
      'message.attempt.exhausted',
      'A message to another endpoint failed its last try: it will not be retried.',
    ],
    [
      'message.attempt.recovered',
      'A message to another endpoint that had been failing was delivered.',
    ],
  ]),
];

const BY_NAME = new Map(EVENT_CATALOG.map((entry) => [entry.name, entry]));

/** Types outside the catalog that serve internal orchestration: recorded, never delivered. */
export const EXTENSION_TYPE = /^extension\.[a-z0-9_]+(\.[a-z0-9_]+)*$/;

/** The name of a type an admin registers: dotted lower-case segments, at least two. */
export const PLATFORM_TYPE_NAME = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;
export const MAX_TYPE_NAME = 128;

/** Prefixes of the service's own families: no registered type may pose as one of them. */
export const RESERVED_PREFIXES = ['extension.', 'webhook.', 'message.', 'process.'] as const;

/** A built-in type as the service ships it, before any change an admin made. */
export const builtInEntry = (type: string): EventTypeEntry | undefined => BY_NAME.get(type);

export const isBuiltInType = (type: string): boolean => BY_NAME.has(type);

export const isExtensionType = (type: string): boolean => EXTENSION_TYPE.test(type);

/** Why a name cannot be a registered type, or null when it can (unless it is taken). */
export const platformNameFault = (name: string): string | null => {
  if (name.length > MAX_TYPE_NAME || !PLATFORM_TYPE_NAME.test(name))
    return `must match ${PLATFORM_TYPE_NAME.source}, at most ${MAX_TYPE_NAME} characters`;
  const reserved = RESERVED_PREFIXES.find((prefix) => name.startsWith(prefix));
  return reserved ? `must not start with ${reserved}: the service's own types do` : null;
};

/** A name a registered (platform) type may have; whether one is registered is the catalog's to say. */
export const isPlatformTypeName = (type: string): boolean =>
  !BY_NAME.has(type) && platformNameFault(type) === null;

/**
 * May an event of this type be recorded? Built-in types, `extension.*` types, and names a platform
 * type may have: the API publishes one only once the catalog has it registered, and with data its
 * schema accepts; the service's own publishers use built-in and extension types.
 */
export const isPublishable = (type: string): boolean =>
  BY_NAME.has(type) || isExtensionType(type) || isPlatformTypeName(type);

/**
 * Might an event of this type be delivered by webhook? Built-in deliverable types are; extension
 * types never are; a platform type is when it was registered deliverable, which the catalog knows
 * (the delivery planner asks it before matching endpoints).
 */
export const mayBeDeliverable = (type: string): boolean =>
  BY_NAME.get(type)?.deliverable ?? isPlatformTypeName(type);

/** What an endpoint's `filter_types` needs to know of a type it names. */
export type FilterTypeFacts = { deliverable: boolean; deprecated: boolean };

/** The facts of the types a command names, by name; a name missing is not in the catalog. */
export type KnownTypes = ReadonlyMap<string, FilterTypeFacts>;

/** The built-in types as shipped: what an endpoint command knows when it is told nothing more. */
export const BUILT_IN_TYPES: KnownTypes = new Map(
  EVENT_CATALOG.map((entry) => [entry.name, { deliverable: entry.deliverable, deprecated: false }]),
);
