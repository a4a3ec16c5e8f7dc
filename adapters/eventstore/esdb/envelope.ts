import type {
  EventData,
  JSONType,
  RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { jsonEvent } from '@eventstore/db-client';
import { createHash } from 'node:crypto';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../../domain/shared/envelope.js';
import { fromEsdb } from './positions.js';

/** The envelope id travels in the metadata: EventStoreDB's own event ids must be UUIDs. */
const ENVELOPE_ID = 'sluice_event_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * EventStoreDB's id for an envelope id: the id itself when it is a UUID, else a UUID derived from
 * it (a version 8 layout over its SHA-256), so that a retried append carries the same ids and the
 * server can recognise it.
 */
export const esdbEventId = (id: string): string => {
  if (UUID.test(id)) return id.toLowerCase();
  const hex = createHash('sha256').update(id).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export const toEventData = (event: NewEvent): EventData =>
  jsonEvent({
    id: esdbEventId(event.id),
    type: event.type,
    // Any JSON value: the client writes it with JSON.stringify and reads it back with JSON.parse.
    data: (event.data ?? null) as JSONType,
    metadata: { ...event.metadata, [ENVELOPE_ID]: event.id },
  });

type StoredMetadata = EventMetadata & { [ENVELOPE_ID]?: string };

/** The port's envelope of a stored event; `position` is absent only on servers older than 22.6. */
export const toRecorded = (event: EsdbRecordedEvent): RecordedEvent => {
  if (!event.position)
    throw new Error('EventStoreDB 22.6 or later is needed: events carry no position.');
  const { [ENVELOPE_ID]: envelopeId, ...metadata } = (event.metadata ?? {}) as StoredMetadata;
  return {
    id: envelopeId ?? event.id,
    type: event.type,
    stream: event.streamId,
    revision: Number(event.revision),
    position: fromEsdb(event.position),
    recorded_at: event.created.toISOString(),
    data: event.data,
    metadata: {
      merchant_id: metadata.merchant_id ?? null,
      actor: metadata.actor ?? null,
      request_id: metadata.request_id ?? null,
      correlation_id: metadata.correlation_id ?? null,
      causation_id: metadata.causation_id ?? null,
    },
  };
};
