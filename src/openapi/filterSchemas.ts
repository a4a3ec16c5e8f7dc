import { MAX_FILTER_LENGTH, ORDERINGS } from '../../domain/webhooks/endpointFilter.js';
import { nullable, object, ref } from './schema.js';

/** An endpoint's filter and ordering, and the filter tester's answer (PRODUCT.md 11). */
export const filterSchemas = {
  EndpointFilter: {
    type: ['string', 'null'],
    minLength: 1,
    maxLength: MAX_FILTER_LENGTH,
    default: null,
    description:
      "A JSONata expression over the delivered body ({ id, type, merchant_id, created_at, data }): the endpoint receives an event only when it evaluates to exactly true. An evaluation error counts as false (and is counted in the metric sluice_webhook_filter_errors_total). Each evaluation may run 100 ms; a filter that goes past its bounds (time, memory, or the size of what it makes) counts as false, without being run, for the next 60 s, and so do all of the merchant's filters that are not simple comparisons once three have. One that does not compile is 422 invalid_filter, with its position in errors[].position. null: every event the endpoint subscribes to. Not applied to test webhooks.",
    examples: ['data.amount > 100 and data.currency = "EUR"'],
  },
  EndpointOrdering: {
    enum: [...ORDERINGS],
    default: 'unordered',
    description:
      'fifo: at most one message in flight to the endpoint, in the order of their events in the log; a message waiting for a retry holds back the ones after it until it succeeds or is abandoned; a resend or replay goes to the back of the line.',
  },
  WebhookFilterTest: object({
    matches: { type: 'boolean', description: 'The filter evaluated to exactly true' },
    error: {
      ...nullable(object({ message: { type: 'string' } })),
      description: 'Why the filter could not be evaluated (it then does not match)',
    },
    warnings: {
      type: 'array',
      items: ref('FilterWarning'),
      description: 'Fields of data the filter reads that the event type’s schema does not declare',
    },
  }),
  FilterWarning: {
    ...object({
      type: { type: 'string', description: 'The event type whose schema lacks the field' },
      path: { type: 'string', description: 'The path the filter reads, as data.a.b' },
      message: { type: 'string' },
    }),
    description:
      'The filter reads a field that the type’s schema does not list (where the schema lists its fields and welcomes no others): for events of that type it is missing. At most 50, from at most 32 paths of 8 steps and 100 types.',
  },
  WebhookFilterCheck: object({
    warnings: { type: 'array', items: ref('FilterWarning') },
  }),
};
