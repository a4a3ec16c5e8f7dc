import { Agent } from 'undici';
import { isIpLiteral, isPublicAddress } from '../../../domain/webhooks/addressPolicy.js';
import type { SendResult, WebhookRequest, WebhookSender } from '../port.js';
import { signedHeaders } from '../signature.js';
import { recentMap } from '../../memory/recentMap.js';
import { exchange } from './exchange.js';
import { guardedLookup } from './guardedLookup.js';

/** An endpoint URL as undici dispatches to it; `blocked` names a literal address refused. */
type Target = { origin: string; path: string; blocked: string | undefined };

export { MAX_RESPONSE_BYTES } from './exchange.js';

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

  const blockedLiteral = (url: URL): string | undefined => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return !options.allowPrivate && isIpLiteral(host) && !isPublicAddress(host) ? host : undefined;
  };

  /** Where each endpoint URL points, parsed once: every attempt to it sends the same. */
  const targets = recentMap<string, Target>(10_000);
  const targetOf = (url: string): Target => {
    let target = targets.get(url);
    if (!target) {
      const parsed = new URL(url);
      target = {
        origin: parsed.origin,
        path: `${parsed.pathname}${parsed.search}`,
        blocked: blockedLiteral(parsed),
      };
      targets.set(url, target);
    }
    return target;
  };

  const send = (req: WebhookRequest): Promise<SendResult> =>
    new Promise((resolve) => {
      const target = targetOf(req.url);
      // A literal address is connected to without a lookup: it is checked here instead.
      if (target.blocked) {
        return resolve({
          outcome: {
            status: 'failed',
            url: req.url,
            response_status_code: null,
            response_body: null,
            error: { code: 'url_blocked', message: `${target.blocked} is not a public address` },
            duration_ms: 0,
          },
          retryAfterMs: null,
        });
      }
      const handler = exchange(req.url, req.timeoutMs, resolve);
      try {
        agent.dispatch(
          {
            origin: target.origin,
            path: target.path,
            method: 'POST',
            headers: signedHeaders(req),
            body: req.body,
            headersTimeout: req.timeoutMs,
            bodyTimeout: req.timeoutMs,
          },
          handler,
        );
      } catch (error) {
        // Refused before it left (a closed sender, a header undici will not send): failed as such.
        handler.refused(error);
      }
    });

  // Closing aborts what is still on the wire: the caller records none of it and sends it again later.
  return { send, close: () => agent.destroy() };
};
