import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../domain/shared/envelope.js';
import { emptyMetadata } from '../../domain/shared/envelope.js';

/** An event to append, with what a test cares about and defaults for the rest. */
export const newEvent = (
  type: string,
  data: unknown = {},
  merchant: string | null = null,
): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { ...emptyMetadata(), merchant_id: merchant },
});
