import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a scrape of /metrics may read them: always when no `SLUICE_METRICS_TOKEN` is set, else
 * only with `Authorization: Bearer <token>`. The figures name merchants and endpoints, which a
 * service reachable from outside should not hand to anyone who asks.
 */
export const metricsReadable = (
  token: string | undefined,
  authorization: string | undefined,
): boolean => {
  if (token === undefined) return true;
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (given === undefined) return false;
  // Digests of equal length, compared in constant time: neither the token's length nor its
  // characters show in how long a refusal takes.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
};
