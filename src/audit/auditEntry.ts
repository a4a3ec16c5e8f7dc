import { redactSecrets } from '../../domain/audit/redaction.js';
import type { EventMetadata, Position, RecordedEvent } from '../../domain/shared/envelope.js';

/** One event of the log as auditors read it, over HTTP or exported. */
export type AuditEntry = {
  position: Position;
  stream: string;
  revision: number;
  id: string;
  type: string;
  merchant_id: string | null;
  recorded_at: string;
  data: unknown;
  metadata: EventMetadata;
};

export const auditEntry = (event: RecordedEvent): AuditEntry => ({
  position: event.position,
  stream: event.stream,
  revision: event.revision,
  id: event.id,
  type: event.type,
  merchant_id: event.metadata.merchant_id,
  recorded_at: event.recorded_at,
  data: redactSecrets(event.type, event.data),
  metadata: event.metadata,
});
