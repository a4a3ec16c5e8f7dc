import type { AttemptErrorCode } from '../../../domain/deliveries/delivery.js';
import { DNS_LOOKUP_FAILED } from '../../dns/lookupError.js';
import { URL_BLOCKED } from './guardedLookup.js';

const codeOf = (error: unknown): string | undefined => {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const name = (e as { name?: unknown }).name;
    if (name === 'AbortError' || name === 'TimeoutError') return name;
  }
  return undefined;
};

/** A failed request's cause, as one of the attempt error codes of the API. */
export const classifyError = (error: unknown): AttemptErrorCode => {
  const code = codeOf(error) ?? '';
  if (code === URL_BLOCKED) return 'url_blocked';
  if (
    [
      'AbortError',
      'TimeoutError',
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_BODY_TIMEOUT',
      'UND_ERR_CONNECT_TIMEOUT',
      'ETIMEDOUT',
    ].includes(code)
  ) {
    return 'timeout';
  }
  if (code === 'ECONNREFUSED') return 'connection_refused';
  // A lookup that failed or ran out of its own time: the attempt's deadline, had it passed first,
  // would have ended the attempt as a timeout.
  if (
    [DNS_LOOKUP_FAILED, 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA'].includes(
      code,
    )
  )
    return 'dns';
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO|ERR_OSSL)/.test(code))
    return 'tls';
  return 'connection_reset';
};

/** A short, safe description of a failure (no stack, no internals of ours). */
export const describeError = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const code = codeOf(error);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 500);
};
