import { Agent } from 'undici';
import { isIpLiteral, isPublicAddress } from '../../../domain/webhooks/addressPolicy.js';
import type { DnsSettings } from '../../dns/hostResolver.js';
import { DEFAULT_DNS_SETTINGS, hostResolver } from '../../dns/hostResolver.js';
import type { SendResult, WebhookRequest, WebhookSender } from '../port.js';
import { signedHeaders } from '../signature.js';
import { recentMap } from '../../memory/recentMap.js';
import { exchange } from './exchange.js';
import { guardedLookup } from './guardedLookup.js';
import { heldUntilDue } from './heldUntilDue.js';

/**
 * An endpoint URL as undici dispatches to it; `blocked` names a literal address refused, `name` the
 * host when it is a name to look up rather than an address.
 */
type Target = {
  origin: string;
  path: string;
  blocked: string | undefined;
  name: string | undefined;
};

export { MAX_RESPONSE_BYTES } from './exchange.js';

/**
 * POSTs webhooks with undici: no redirects followed, the whole attempt (lookup, connection and
 * answer) bounded by its timeout, at most 4 KiB of the answer read, and the SSRF guard on the
 * address each socket connects to. A request handed over before its `notBefore` waits for it.
 */
export const httpSender = (options: {
  allowPrivate: boolean;
  connectionsPerOrigin?: number;
  /** How endpoint hosts are resolved: the system's servers and a 5 s timeout unless told. */
  dns?: DnsSettings;
}): WebhookSender => {
  const resolver = hostResolver(options.dns ?? DEFAULT_DNS_SETTINGS);
  const agent = new Agent({
    connect: { lookup: guardedLookup(resolver, options.allowPrivate) },
    connections: options.connectionsPerOrigin ?? 64,
    keepAliveTimeout: 4_000,
  });

  const blockedLiteral = (host: string): string | undefined =>
    !options.allowPrivate && isIpLiteral(host) && !isPublicAddress(host) ? host : undefined;

  /** Where each endpoint URL points, parsed once: every attempt to it sends the same. */
  const targets = recentMap<string, Target>(10_000);
  const targetOf = (url: string): Target => {
    let target = targets.get(url);
    if (!target) {
      const parsed = new URL(url);
      const host = parsed.hostname.replace(/^\[|\]$/g, '');
      target = {
        origin: parsed.origin,
        path: `${parsed.pathname}${parsed.search}`,
        blocked: blockedLiteral(host),
        name: isIpLiteral(host) ? undefined : host,
      };
      targets.set(url, target);
    }
    return target;
  };

  const sendNow = (req: WebhookRequest): Promise<SendResult> =>
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
      const dispatch = () => {
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
          // Refused before it left (a closed sender, a header undici will not send): failed so.
          handler.refused(error);
        }
      };
      if (target.name === undefined || resolver.known(target.name)) return dispatch();
      // A name not resolved lately is looked up first, within the attempt's time (the socket's own
      // lookup then finds the answer held, unless its TTL was 0). A lookup that fails is the
      // attempt's failure (`dns`); one still waiting at the deadline leaves it a `timeout`.
      resolver.resolve(target.name, { timeoutMs: req.timeoutMs }).then(dispatch, handler.refused);
    });

  const held = heldUntilDue(sendNow);
  // Closing aborts what is still on the wire: the caller records none of it and sends it again later.
  return {
    send: held.send,
    close: async () => {
      held.close();
      resolver.close();
      await agent.destroy();
    },
  };
};
