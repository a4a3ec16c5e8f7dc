import type { RecordedEvent } from '../../domain/shared/envelope.js';

/** One event of the log as an auditor reads it (PRODUCT.md 9): the whole envelope, in log order. */
export type AuditRecord = {
  position: string;
  stream: string;
  revision: number;
  id: string;
  type: string;
  merchant_id: string | null;
  recorded_at: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
};

export const auditRecord = (event: RecordedEvent): AuditRecord => ({
  position: event.position,
  stream: event.stream,
  revision: event.revision,
  id: event.id,
  type: event.type,
  merchant_id: event.metadata.merchant_id,
  recorded_at: event.recorded_at,
  data: event.data,
  metadata: event.metadata,
});
