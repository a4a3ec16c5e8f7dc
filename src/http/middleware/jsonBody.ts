import express from 'express';
import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';
import { bodyFault } from './bodyFaults.js';

export const MAX_BODY_BYTES = 1024 * 1024;

const isJson = (type: string | undefined): boolean =>
  !!type && /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type);

/** JSON is UTF-8 (RFC 8259): a charset parameter may only say so. */
const isUtf8 = (type: string): boolean => {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(type)?.[1];
  return charset === undefined || /^utf-8$/i.test(charset);
};

const hasBody = (req: Parameters<RequestHandler>[0]): boolean =>
  req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;

/**
 * Request bodies are UTF-8 JSON objects of at most 1 MiB: another media type or charset is a 415,
 * a larger body a 413, malformed JSON a 400 (the error handler maps the parser's errors), and so
 * is a body nested over MAX_BODY_DEPTH levels (serialising it again, into the log say, would
 * overflow the stack), holding a number too large for a double (it would be kept as `null`) or a
 * string or key holding U+0000 (not every store can keep it).
 */
export const jsonBody = (): RequestHandler[] => [
  (req, _res, next) => {
    if (!hasBody(req)) return next();
    const type = req.get('content-type');
    if (!isJson(type)) {
      throw new HttpProblem('unsupported_media_type', 'Send the body as application/json.');
    }
    if (!isUtf8(type!)) {
      throw new HttpProblem('unsupported_media_type', 'Send the body as UTF-8 JSON.');
    }
    next();
  },
  express.json({
    limit: MAX_BODY_BYTES,
    strict: true,
    type: (req) => isJson(req.headers['content-type']),
    // What was received, as bytes: what a merchant's writes are counted by (see merchantWrites).
    verify: (req, _res, raw) => {
      (req as { bodyBytes?: number }).bodyBytes = raw.length;
    },
  }),
  (req, _res, next) => {
    const refused = bodyFault(req.body);
    if (refused) throw new HttpProblem('validation_failed', refused.detail, [refused.fault]);
    next();
  },
];
