import type { DomainError, FieldFault } from '../shared/errors.js';
import { domainError } from '../shared/errors.js';
import { CONNECTION_HEADERS, HEADER_NAME, HEADER_VALUE } from '../shared/headerFields.js';

export const MAX_HEADERS = 20;
export const MAX_HEADER_VALUE = 1024;
/** What a sensitive header's value is shown as: it is kept sealed, like a signing secret. */
export const REDACTED_VALUE = '[redacted]';

/** Names the service writes itself on every delivery. */
const WRITTEN = new Set(['content-type', 'content-length', 'host']);

/** Headers whose values are credentials: sealed at rest, and shown as REDACTED_VALUE. */
export const isSensitiveHeader = (name: string): boolean => {
  const lower = name.toLowerCase();
  return (
    ['authorization', 'proxy-authorization', 'cookie'].includes(lower) ||
    ['token', 'secret', 'key', 'auth'].some((part) => lower.includes(part))
  );
};

const invalid = (faults: FieldFault[]): DomainError | undefined =>
  faults.length > 0
    ? domainError('invalid_header', `A header cannot be sent: ${faults[0]!.message}.`, faults)
    : undefined;

/** The names of an endpoint's headers, and how many: checked on sealed values too. */
export const checkHeaderNames = (headers: Readonly<Record<string, string>>) => {
  const names = Object.keys(headers);
  const faults: FieldFault[] = [];
  if (names.length > MAX_HEADERS)
    faults.push({ path: 'headers', message: `at most ${MAX_HEADERS} headers` });
  const seen = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    const path = `headers.${name}`;
    if (!HEADER_NAME.test(name)) faults.push({ path, message: `${name} is not a header name` });
    else if (WRITTEN.has(lower) || lower.startsWith('webhook-'))
      faults.push({ path, message: `${name} is written by the service` });
    else if (CONNECTION_HEADERS.has(lower))
      faults.push({ path, message: `${name} is about the connection, which the service makes` });
    else if (seen.has(lower)) faults.push({ path, message: `${name} is given twice` });
    seen.add(lower);
  }
  return invalid(faults);
};

/**
 * The values, as the caller sent them (before sensitive ones are sealed): at most 1 KiB each,
 * with nothing a header cannot carry. A fault names the header, never its value.
 */
export const checkHeaderValues = (headers: Readonly<Record<string, string>>) => {
  const faults: FieldFault[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const path = `headers.${name}`;
    if (Buffer.byteLength(value) > MAX_HEADER_VALUE)
      faults.push({ path, message: `the value of ${name} is over ${MAX_HEADER_VALUE} bytes` });
    else if (!HEADER_VALUE.test(value))
      faults.push({ path, message: `the value of ${name} holds a character a header cannot` });
  }
  return invalid(faults);
};
