import type { Request, RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';
import { tokenBuckets } from './tokenBuckets.js';

/**
 * The merchant a write is for: a merchant key's (or portal session's) own, or the one an admin or
 * publisher names in the body. A write that names none (an admin's definition, say) is the
 * platform's own, and is not counted.
 */
const merchantOf = (req: Request): string | undefined => {
  const principal = req.principal;
  if (principal?.merchant_id) return principal.merchant_id;
  const named = (req.body as { merchant_id?: unknown } | undefined)?.merchant_id;
  return typeof named === 'string' ? named : undefined;
};

/**
 * What one merchant may write through the API, in bytes of request bodies a minute (each body at
 * most 1 MiB, a minute's worth at once): whatever a merchant sends is kept (in the log, the read
 * models, the webhooks it causes), and one merchant must not fill the disk the others share.
 * Past it, a write answers 429 with Retry-After, and changes nothing. Each API process counts its
 * own. 0 counts nothing.
 */
export const merchantWrites = (options: {
  bytesPerMinute: number;
  now?: () => number;
}): RequestHandler => {
  const { bytesPerMinute } = options;
  if (bytesPerMinute === 0) return (_req, _res, next) => next();
  const perSecond = bytesPerMinute / 60;
  const buckets = tokenBuckets({
    perSecond,
    burst: bytesPerMinute,
    now: options.now ?? (() => performance.now()),
  });
  return (req, _res, next) => {
    const bytes = (req as { bodyBytes?: number }).bodyBytes ?? 0;
    const merchant = bytes > 0 ? merchantOf(req) : undefined;
    if (merchant === undefined) return next();
    const bucket = buckets.take(merchant, bytes);
    if (bucket.allowed) return next();
    const retryAfter = Math.max(1, Math.ceil((bytes - bucket.tokens) / perSecond));
    throw new HttpProblem(
      'rate_limited',
      `This merchant has written its ${bytesPerMinute} bytes a minute: try again in ${retryAfter} s.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  };
};
