import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';

type Bucket = { tokens: number; updatedAt: number };

/**
 * A token bucket per API key: `rps` tokens a second, holding up to `burst`. Answers carry the
 * RateLimit headers; a refusal is a 429 with Retry-After. A key that has been quiet long enough
 * for its bucket to fill again is forgotten (a fresh bucket is full), so the state kept follows
 * the keys in use, not every key ever seen.
 */
export const rateLimit = (options: {
  rps: number;
  burst: number;
  now?: () => number;
}): RequestHandler & { tracked: () => number } => {
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, Bucket>();
  const fullAfterMs = (options.burst / options.rps) * 1000;
  /** The map is in least-recently-used order: the quiet keys are at its head. */
  const forgetQuiet = (at: number) => {
    for (const [id, bucket] of buckets) {
      if (at - bucket.updatedAt < fullAfterMs) return;
      buckets.delete(id);
    }
  };
  const policy = `${options.burst};w=${Math.ceil(options.burst / options.rps)}`;

  const take = (id: string): Bucket & { allowed: boolean } => {
    const at = now();
    forgetQuiet(at);
    const bucket = buckets.get(id) ?? { tokens: options.burst, updatedAt: at };
    bucket.tokens = Math.min(
      options.burst,
      bucket.tokens + ((at - bucket.updatedAt) / 1000) * options.rps,
    );
    bucket.updatedAt = at;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    // Delete-then-set keeps the map in least-recently-used order, so the oldest are pruned first.
    buckets.delete(id);
    buckets.set(id, bucket);
    if (buckets.size > 100_000) buckets.delete(buckets.keys().next().value!);
    return { tokens: bucket.tokens, updatedAt: bucket.updatedAt, allowed };
  };

  const handler: RequestHandler = (req, res, next) => {
    const id = req.principal?.key_id;
    if (!id) return next();
    const bucket = take(id);
    const untilFull = Math.ceil((options.burst - bucket.tokens) / options.rps);
    res.setHeader('RateLimit-Policy', policy);
    res.setHeader('RateLimit-Limit', String(options.burst));
    res.setHeader('RateLimit-Remaining', String(Math.floor(bucket.tokens)));
    res.setHeader('RateLimit-Reset', String(untilFull));
    if (!bucket.allowed) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / options.rps));
      throw new HttpProblem(
        'rate_limited',
        `Slow down: at most ${options.rps} requests a second.`,
        undefined,
        {
          'Retry-After': String(retryAfter),
        },
      );
    }
    next();
  };
  return Object.assign(handler, { tracked: () => buckets.size });
};
