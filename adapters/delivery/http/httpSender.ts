import { Agent, request } from 'undici';
import { isIpLiteral, isPublicAddress } from '../../../domain/webhooks/addressPolicy.js';
import type { SendResult, WebhookRequest, WebhookSender } from '../port.js';
import { signedHeaders } from '../signature.js';
import { classifyError, describeError } from './classifyError.js';
import { Deadline } from './deadline.js';
import { guardedLookup } from './guardedLookup.js';
import { parseRetryAfter } from './retryAfter.js';

/** How much of an answer is kept; the rest is discarded unread. */
export const MAX_RESPONSE_BYTES = 4096;

const readCapped = async (body: AsyncIterable<Buffer>): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
    size += Math.min(chunk.length, MAX_RESPONSE_BYTES - size);
    // Leaving the loop destroys the stream: a receiver's huge answer is never read whole.
    if (size >= MAX_RESPONSE_BYTES) break;
  }
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * POSTs webhooks with undici: no redirects followed, the whole attempt bounded by its timeout, at
 * most 4 KiB of the answer read, and the SSRF guard on the address each socket connects to.
 */
export const httpSender = (options: {
  allowPrivate: boolean;
  connectionsPerOrigin?: number;
}): WebhookSender => {
  const agent = new Agent({
    connect: { lookup: guardedLookup(options.allowPrivate) },
    connections: options.connectionsPerOrigin ?? 64,
    keepAliveTimeout: 4_000,
  });

  const blockedLiteral = (url: string): string | undefined => {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return !options.allowPrivate && isIpLiteral(host) && !isPublicAddress(host) ? host : undefined;
  };

  const send = async (req: WebhookRequest): Promise<SendResult> => {
    const headers = signedHeaders(req);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failure = (
      code: SendResult['outcome']['error'] & object,
      status: number | null = null,
      body: string | null = null,
    ): SendResult => ({
      outcome: {
        status: 'failed',
        url: req.url,
        response_status_code: status,
        response_body: body,
        error: code,
        duration_ms: elapsed(),
      },
      retryAfterMs: null,
    });
    // A literal address is connected to without a lookup: it is checked here instead.
    const literal = blockedLiteral(req.url);
    if (literal)
      return failure({ code: 'url_blocked', message: `${literal} is not a public address` });
    const signal = new Deadline(req.timeoutMs);
    try {
      const res = await request(req.url, {
        method: 'POST',
        headers,
        body: req.body,
        dispatcher: agent,
        signal,
        headersTimeout: req.timeoutMs,
        bodyTimeout: req.timeoutMs,
      });
      const body = await readCapped(res.body);
      const status = res.statusCode;
      if (status >= 200 && status < 300) {
        return {
          outcome: {
            status: 'succeeded',
            url: req.url,
            response_status_code: status,
            response_body: body,
            error: null,
            duration_ms: elapsed(),
          },
          retryAfterMs: null,
        };
      }
      const result = failure(
        { code: 'http_status', message: `The receiver answered ${status}.` },
        status,
        body,
      );
      if (status === 429 || status === 503)
        result.retryAfterMs = parseRetryAfter(res.headers['retry-after'], Date.now());
      return result;
    } catch (error) {
      return failure({ code: classifyError(error), message: describeError(error) });
    } finally {
      signal.clear();
    }
  };

  // Closing aborts what is still on the wire: the caller records none of it and sends it again later.
  return { send, close: () => agent.destroy() };
};
