import { isSensitiveHeader, REDACTED_VALUE } from '../../domain/webhooks/endpointHeaders.js';
import type { SecretBox } from '../secrets/secretBox.js';

type Headers = Readonly<Record<string, string>>;

/** A sealed value opens only for its endpoint and its header: copied elsewhere, it does not. */
const ownerOf = (endpointId: string, name: string) => `${endpointId}/header/${name.toLowerCase()}`;

const mapSensitive = (headers: Headers, change: (value: string, name: string) => string) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      isSensitiveHeader(name) ? change(value, name) : value,
    ]),
  );

/**
 * The headers as the log and the read models keep them: sensitive values sealed. A sensitive
 * value sent back as it is shown (`[redacted]`, from a read of the endpoint) keeps the value it
 * stands for.
 */
export const sealHeaders = (
  secrets: SecretBox,
  endpointId: string,
  headers: Headers,
  current: Headers = {},
): Record<string, string> =>
  mapSensitive(headers, (value, name) => {
    if (value === REDACTED_VALUE) {
      const kept = Object.entries(current).find(([n]) => n.toLowerCase() === name.toLowerCase());
      if (kept) return kept[1];
    }
    return secrets.seal(value, ownerOf(endpointId, name));
  });

/** The headers a delivery carries: sensitive values opened. */
export const openHeaders = (secrets: SecretBox, endpointId: string, headers: Headers) =>
  mapSensitive(headers, (value, name) => secrets.open(value, ownerOf(endpointId, name)));
