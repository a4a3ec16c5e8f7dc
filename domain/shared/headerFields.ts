/** RFC 9110 token: the characters a header name may have. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * A value a header may carry: visible characters, spaces and tabs. A line break, a NUL or any other
 * control character would end the header, or the request, where the value says.
 */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Headers about the connection or the framing of the message, not the message (RFC 9110 7.6.1,
 * 10.1.1, 6.5.1): the service's HTTP client frames each request itself, and refuses some of these
 * outright (`expect: 100-continue` fails every request it is on).
 */
export const CONNECTION_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'expect',
]);

/** Those the HTTP client (undici) never sends: a request with one fails before it leaves. */
export const UNSENDABLE_HEADERS: ReadonlySet<string> = new Set([
  'expect',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
]);
