/**
 * Fields of event data that hold a secret, sealed or hashed, by event type. The log must keep them
 * (a restart re-opens sealed signing secrets; keys are checked against their hash), but whoever
 * reads the log as a history sees only that they are there.
 */
const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'webhook_endpoint.created': ['secret'],
  'webhook_endpoint.secret_rotated': ['secret', 'previous'],
  'api_key.created': ['key_hash'],
};

export const REDACTED = '[redacted]';

/** The event's data as the log's readers see it: secrets replaced by a marker. */
export const redactSecrets = (type: string, data: unknown): unknown => {
  const fields = SECRET_FIELDS[type];
  if (!fields || typeof data !== 'object' || data === null) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of fields) if (field in copy) copy[field] = REDACTED;
  return copy;
};
