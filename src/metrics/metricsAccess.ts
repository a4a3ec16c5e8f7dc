import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthenticationFailures } from '../http/middleware/authenticationFailures.js';

/** How a scrape of /metrics is answered: the figures, 401, or 429 until `retryAfter` seconds pass. */
export type MetricsAnswer = { status: 200 } | { status: 401 } | { status: 429; retryAfter: number };

/**
 * Digests of equal length, compared in constant time: neither the token's length nor its
 * characters show in how long a refusal takes.
 */
const sameToken = (given: string, token: string): boolean => {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
};

/**
 * Who may read /metrics: anyone when no `SLUICE_METRICS_TOKEN` is set, else only a scrape with
 * `Authorization: Bearer <token>`. The figures name merchants and endpoints, which a service
 * reachable from outside should not hand to anyone who asks. A wrong token counts against its
 * address as an unknown API key does: past the allowance the next wrong ones are answered 429,
 * while the right one is answered whatever its address did.
 */
export const metricsAccess =
  (token: string | undefined, failures: AuthenticationFailures) =>
  (authorization: string | undefined, address: string): MetricsAnswer => {
    if (token === undefined) return { status: 200 };
    const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    // A scrape without a token guesses nothing: a scraper not yet given one.
    if (given === undefined) return { status: 401 };
    if (sameToken(given, token)) return { status: 200 };
    const retryAfter = failures.retryAfter(address);
    if (retryAfter !== undefined) return { status: 429, retryAfter };
    failures.failed(address);
    return { status: 401 };
  };
