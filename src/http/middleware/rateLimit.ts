import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';
import { tokenBuckets } from './tokenBuckets.js';

/**
 * A token bucket per API key: `rps` tokens a second, holding up to `burst`. Answers carry the
 * RateLimit headers; a refusal is a 429 with Retry-After.
 */
export const rateLimit = (options: {
  rps: number;
  burst: number;
  now?: () => number;
}): RequestHandler & { tracked: () => number } => {
  const buckets = tokenBuckets({
    perSecond: options.rps,
    burst: options.burst,
    now: options.now ?? (() => performance.now()),
  });
  const policy = `${options.burst};w=${Math.ceil(options.burst / options.rps)}`;

  const handler: RequestHandler = (req, res, next) => {
    const id = req.principal?.key_id;
    if (!id) return next();
    const bucket = buckets.take(id);
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
  return Object.assign(handler, { tracked: buckets.tracked });
};
