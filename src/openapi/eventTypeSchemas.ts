import {
  FAMILY_NAME,
  MAX_EXAMPLES,
  MAX_TYPE_DESCRIPTION,
} from '../../domain/catalog/eventTypeRules.js';
import { PLATFORM_TYPE_NAME } from '../../domain/catalog/eventCatalog.js';
import { list, nullable, object, timestamp } from './schema.js';

const dataSchema = {
  type: 'object',
  description:
    'JSON Schema 2020-12 for the data, at most 64 KiB as JSON. Compiled with the limits of process input schemas: patterns must be matchable in linear time, and references may not multiply the work. {"type": "object"} when nothing more is declared.',
  examples: [
    { type: 'object', required: ['order_id'], properties: { order_id: { type: 'string' } } },
  ],
};

const examples = {
  type: 'array',
  items: { type: 'object' },
  maxItems: MAX_EXAMPLES,
  description: `Data valid against the schema, each at most 64 KiB as JSON; at least one for a deliverable type.`,
};

const description = { type: 'string', minLength: 1, maxLength: MAX_TYPE_DESCRIPTION };

/** An event type of the catalog, and the bodies that register and change one (PRODUCT.md 12). */
export const eventTypeSchemas = {
  EventType: object({
    object: { const: 'event_type' },
    name: { type: 'string', examples: ['order.created'] },
    family: { type: 'string' },
    description: { type: 'string' },
    deliverable: { type: 'boolean', description: 'Delivered by webhook to endpoints' },
    schema: dataSchema,
    examples,
    version: {
      type: 'integer',
      minimum: 1,
      description: 'One more with each change of the schema',
    },
    deprecated: {
      type: 'boolean',
      description:
        'Still published, and delivered to the endpoints that listed it; no endpoint may newly list it in filter_types.',
    },
    updated_at: {
      ...nullable(timestamp),
      description: 'When the type last changed; null for a built-in type as the service ships it',
    },
  }),
  EventTypeList: list('EventType'),
  RegisterEventType: object(
    {
      name: {
        type: 'string',
        pattern: PLATFORM_TYPE_NAME.source,
        maxLength: 128,
        description:
          'Not starting with extension., webhook., message. or process. (the service’s own); a name taken by a built-in or registered type is 409.',
        examples: ['shipment.dispatched'],
      },
      description,
      family: { type: 'string', pattern: FAMILY_NAME.source, default: 'platform' },
      schema: dataSchema,
      examples: {
        ...examples,
        description: `${examples.description} Absent: [{}] when the schema accepts {}.`,
      },
      deliverable: { type: 'boolean', default: true },
    },
    ['family', 'schema', 'examples', 'deliverable'],
  ),
  UpdateEventType: object(
    {
      description,
      schema: {
        ...dataSchema,
        description: `${dataSchema.description} A schema other than the current one adds one to version; the type's examples must match it (send new ones with it).`,
      },
      examples,
      deprecated: { type: 'boolean' },
    },
    ['description', 'schema', 'examples', 'deprecated'],
  ),
};
