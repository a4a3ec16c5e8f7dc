import { isSensitiveHeader } from '../webhooks/endpointHeaders.js';
import { mapHeaderValues } from '../processes/definition/stepHeaders.js';
import type { Step } from '../processes/stepLanguage.js';

/**
 * Fields of event data that hold a secret, sealed or hashed, by event type. The log must keep them
 * (a restart re-opens sealed signing secrets; keys are checked against their hash), but whoever
 * reads the log as a history sees only that they are there.
 */
const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'webhook_endpoint.created': ['secret'],
  'webhook_endpoint.secret_rotated': ['secret', 'previous'],
  'api_key.created': ['key_hash'],
  'portal_session.created': ['code_hash'],
  'portal_session.exchanged': ['token_hash'],
};

export const REDACTED = '[redacted]';

/**
 * A definition's http steps may carry a service's credentials in their headers: sealed since they
 * were, in clear in versions published before. Either way the history shows that they are there.
 */
const redactStepHeaders = (data: object): unknown => {
  const { steps } = data as { steps?: unknown };
  if (!Array.isArray(steps)) return data;
  return { ...data, steps: mapHeaderValues(steps as Step[], () => REDACTED) };
};

/** An endpoint's headers: the sensitive ones' values (sealed) shown as the marker. */
const redactEndpointHeaders = (type: string, data: object): object => {
  const redact = (headers: unknown) =>
    typeof headers === 'object' && headers !== null
      ? Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [
            name,
            isSensitiveHeader(name) ? REDACTED : (value as unknown),
          ]),
        )
      : headers;
  const record = data as { headers?: unknown; changes?: { headers?: unknown } };
  if (type === 'webhook_endpoint.created' && record.headers !== undefined)
    return { ...data, headers: redact(record.headers) };
  if (type === 'webhook_endpoint.updated' && record.changes?.headers !== undefined)
    return { ...data, changes: { ...record.changes, headers: redact(record.changes.headers) } };
  return data;
};

/** The event's data as the log's readers see it: secrets replaced by a marker. */
export const redactSecrets = (type: string, data: unknown): unknown => {
  if (type.startsWith('webhook_endpoint.') && typeof data === 'object' && data !== null)
    data = redactEndpointHeaders(type, data);
  if (type === 'process_definition.version_published' && typeof data === 'object' && data !== null)
    return redactStepHeaders(data);
  const fields = SECRET_FIELDS[type];
  if (!fields || typeof data !== 'object' || data === null) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of fields) if (field in copy) copy[field] = REDACTED;
  return copy;
};
