import type { Schema } from './schema.js';
import { list, nullable, object, timestamp } from './schema.js';

const eventMetadata = object({
  merchant_id: { type: ['string', 'null'] },
  actor: {
    type: ['string', 'null'],
    description: 'The id of the API key (never the key), or the worker, that caused the event',
  },
  request_id: { type: ['string', 'null'] },
  correlation_id: {
    type: ['string', 'null'],
    description: 'The request (or first event) a chain of events started from',
  },
  causation_id: {
    type: ['string', 'null'],
    description: 'The id of the event that caused this one; null for an API call’s own events',
  },
});

/** Auditors' and operators' resources: the log's events and the projections' standing. */
export const operationsSchemas: Record<string, Schema> = {
  AuditEvent: object({
    position: {
      type: 'string',
      description: 'The event’s place in the whole log: pass it as from_position to read on',
    },
    stream: { type: 'string' },
    revision: { type: 'integer', minimum: 0 },
    id: { type: 'string' },
    type: { type: 'string' },
    merchant_id: { type: ['string', 'null'] },
    recorded_at: timestamp,
    data: { description: 'As recorded; signing secrets and key hashes read "[redacted]"' },
    metadata: eventMetadata,
  }),
  AuditEventPage: object({
    object: { const: 'list' },
    data: { type: 'array', items: { $ref: '#/components/schemas/AuditEvent' } },
    has_more: { type: 'boolean' },
    next_position: {
      type: ['string', 'null'],
      description:
        'Pass it as from_position for the next page (or to follow the log later); null only while the log is empty',
    },
  }),
  RebuildProgress: object({
    started_at: timestamp,
    events_done: { type: 'integer', minimum: 0 },
    events_total: { type: 'integer', minimum: 0 },
  }),
  Projection: object({
    object: { const: 'projection' },
    name: { type: 'string' },
    checkpoint: {
      type: ['string', 'null'],
      description: 'Every event of the log up to this position is reflected in its read models',
    },
    lag: { type: 'integer', minimum: 0, description: 'Events in the log after the checkpoint' },
    status: { type: 'string', enum: ['live', 'rebuilding', 'failing', 'stopped'] },
    last_error: { type: ['string', 'null'] },
    rebuild: nullable({ $ref: '#/components/schemas/RebuildProgress' }),
  }),
  ProjectionList: list('Projection'),
};
