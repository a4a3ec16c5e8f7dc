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

/** How a request's bytes stand with its merchant's bound. */
type Counted = { bodyBytes?: number; writeCounted?: boolean };

/** The part of a minute's bytes a merchant may send at once. */
const BURST_SHARE = 4;
/** A body this large is a large one: it holds the service's thread for milliseconds. */
export const LARGE_BODY_BYTES = 64 * 1024;
/** The part of a minute's bytes a merchant may send in large bodies. */
const LARGE_SHARE = 16;
/** One largest body, which any bound must let through. */
const LARGEST_BODY = 1024 * 1024;

/**
 * What one merchant may send through the API, in bytes of request bodies a minute (a quarter of
 * that at once, and never less than one largest body), a sixteenth of it in large bodies (64 KiB
 * and more): whatever a merchant sends is read on the service's own thread, and most of it kept
 * (in the log, the read models, the webhooks it causes), and one merchant must neither fill the
 * disk the others share nor keep the service reading. A large body holds the thread for
 * milliseconds at a time, where a small one holds it for microseconds: many small ones, as a
 * busy merchant's events are, pass where large ones would hold up the others. Past the bound, a
 * request answers 429 with Retry-After, and changes nothing. A merchant key's
 * request is counted by its Content-Length before its body is read, so that a refusal costs
 * nothing; an admin's or a publisher's, once the body has named its merchant. Each API process
 * counts its own. 0 counts nothing.
 */
export const merchantWrites = (options: {
  bytesPerMinute: number;
  now?: () => number;
}): { beforeBody: RequestHandler; afterBody: RequestHandler } => {
  const { bytesPerMinute } = options;
  if (bytesPerMinute === 0) {
    const pass: RequestHandler = (_req, _res, next) => next();
    return { beforeBody: pass, afterBody: pass };
  }
  const now = options.now ?? (() => performance.now());
  const bound = (perMinute: number) => ({
    perSecond: perMinute / 60,
    buckets: tokenBuckets({
      perSecond: perMinute / 60,
      burst: Math.max(perMinute / BURST_SHARE, LARGEST_BODY),
      now,
    }),
  });
  const all = bound(bytesPerMinute);
  const large = bound(bytesPerMinute / LARGE_SHARE);
  const count = (req: Request, merchant: string, bytes: number) => {
    (req as Counted).writeCounted = true;
    const bounds = bytes >= LARGE_BODY_BYTES ? [large, all] : [all];
    const short = bounds.find(({ buckets }) => buckets.tokens(merchant) < bytes);
    if (!short) {
      for (const { buckets } of bounds) buckets.take(merchant, bytes);
      return;
    }
    const missing = bytes - short.buckets.tokens(merchant);
    const retryAfter = Math.max(1, Math.ceil(missing / short.perSecond));
    throw new HttpProblem(
      'rate_limited',
      `This merchant has sent its bytes for now (${bytesPerMinute} a minute, a sixteenth of them in bodies of 64 KiB or more): try again in ${retryAfter} s.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  };
  return {
    beforeBody: (req, _res, next) => {
      const merchant = req.principal?.merchant_id;
      const declared = Number(req.get('content-length') ?? 0);
      if (merchant && declared > 0) count(req, merchant, declared);
      next();
    },
    afterBody: (req, _res, next) => {
      const counted = req as Counted;
      const bytes = counted.bodyBytes ?? 0;
      const merchant = bytes > 0 && !counted.writeCounted ? merchantOf(req) : undefined;
      if (merchant !== undefined) count(req, merchant, bytes);
      next();
    },
  };
};
