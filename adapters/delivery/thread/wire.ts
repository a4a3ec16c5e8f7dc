import type { AttemptErrorCode } from '../../../domain/deliveries/delivery.js';
import type { SendResult, WebhookRequest } from '../port.js';

/*
 * Requests and results cross between the threads as flat lists of plain values. Node copies a
 * message by serializing it; a nested object costs a name and a shape for every field, and a
 * webhook is sent this way for every attempt.
 */

export type RequestOnWire = [
  number: number,
  url: string,
  body: string,
  timeoutMs: number,
  id: string,
  atMs: number,
  headers: string[],
  secrets: string[],
  notBefore: number,
];

export type ResultOnWire = [
  number: number,
  succeeded: boolean,
  statusCode: number | null,
  body: string | null,
  errorCode: AttemptErrorCode | null,
  errorMessage: string | null,
  durationMs: number,
  retryAfterMs: number | null,
  wiredAt: number | null,
];

export const requestToWire = (number: number, request: WebhookRequest): RequestOnWire => {
  const headers: string[] = [];
  for (const name in request.headers) headers.push(name, request.headers[name]!);
  return [
    number,
    request.url,
    request.body,
    request.timeoutMs,
    request.signing.id,
    request.signing.at.getTime(),
    headers,
    [...request.signing.secrets],
    request.notBefore ?? 0,
  ];
};

export const requestFromWire = (wire: RequestOnWire): WebhookRequest => {
  const headers: Record<string, string> = {};
  const pairs = wire[6];
  for (let i = 0; i < pairs.length; i += 2) headers[pairs[i]!] = pairs[i + 1]!;
  return {
    url: wire[1],
    body: wire[2],
    timeoutMs: wire[3],
    headers,
    signing: { id: wire[4], at: new Date(wire[5]), secrets: wire[7] },
    notBefore: wire[8],
  };
};

export const resultToWire = (
  number: number,
  { outcome, retryAfterMs, wiredAt }: SendResult,
): ResultOnWire => [
  number,
  outcome.status === 'succeeded',
  outcome.response_status_code,
  outcome.response_body,
  outcome.error?.code ?? null,
  outcome.error?.message ?? null,
  outcome.duration_ms,
  retryAfterMs,
  wiredAt ?? null,
];

/** The result of the request to `url`, whose number the wire carries. */
export const resultFromWire = (wire: ResultOnWire, url: string): SendResult => ({
  outcome: {
    status: wire[1] ? 'succeeded' : 'failed',
    url,
    response_status_code: wire[2],
    response_body: wire[3],
    error: wire[4] === null ? null : { code: wire[4], message: wire[5] ?? '' },
    duration_ms: wire[6],
  },
  retryAfterMs: wire[7],
  ...(wire[8] !== null && { wiredAt: wire[8] }),
});
