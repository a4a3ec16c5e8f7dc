/**
 * The event catalog: every type the platform publishes, in its family, with what it means and
 * whether it is delivered by webhook. Validation of publications and of endpoint filters, the
 * `GET /v1/event-types` route, the OpenAPI document and delivery all read this one list.
 */
export type EventTypeEntry = {
  name: string;
  family: string;
  description: string;
  deliverable: boolean;
};

const family = (name: string, entries: Array<[string, string]>): EventTypeEntry[] =>
  entries.map(([type, description]) => ({
    name: type,
    family: name,
    description,
    deliverable: true,
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
    ['process.user_action.completed', 'A user action a process instance waited for was completed.'],
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
  ]),
];

const BY_NAME = new Map(EVENT_CATALOG.map((entry) => [entry.name, entry]));

/** Types outside the catalog that serve internal orchestration: recorded, never delivered. */
export const EXTENSION_TYPE = /^extension\.[a-z0-9_]+(\.[a-z0-9_]+)*$/;

export const catalogEntry = (type: string): EventTypeEntry | undefined => BY_NAME.get(type);

export const isExtensionType = (type: string): boolean => EXTENSION_TYPE.test(type);

/** May an event of this type be published? Catalog types and `extension.*` types may. */
export const isPublishable = (type: string): boolean => BY_NAME.has(type) || isExtensionType(type);

/** Is an event of this type ever delivered by webhook? */
export const isDeliverable = (type: string): boolean => BY_NAME.get(type)?.deliverable === true;
