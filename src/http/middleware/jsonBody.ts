import express from 'express';
import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';
import { bodyFault } from './bodyFaults.js';
import { mayHoldFault } from './bodyText.js';
import { LARGE_BODY_BYTES } from './merchantWrites.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** What is told of a body as it is received, before it is parsed. */
type Received = { bodyBytes?: number };

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
  // Read as bytes and parsed here: the JSON parser's own decoding of the bytes cost more than the
  // parse itself, where a Buffer's UTF-8 decoding costs next to nothing.
  express.raw({ limit: MAX_BODY_BYTES, type: (req) => isJson(req.headers['content-type']) }),
  (req, _res, next) => {
    if (!Buffer.isBuffer(req.body)) return next();
    const raw = req.body;
    const received = req as Received;
    // What was received, as bytes: what a merchant's writes are counted by (see merchantWrites).
    received.bodyBytes = raw.length;
    req.body = parseBody(raw);
    if (mayHoldFault(raw)) {
      const refused = bodyFault(req.body);
      if (refused) throw new HttpProblem('validation_failed', refused.detail, [refused.fault]);
    }
    // A large body took the thread a while to parse: what came meanwhile goes first.
    if (raw.length >= LARGE_BODY_BYTES) setImmediate(next);
    else next();
  },
];

const NOT_JSON = 'The body is not valid JSON.';

/** An object or an array, as JSON's strict form has it; an empty body is an empty object. */
const parseBody = (raw: Buffer): unknown => {
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') throw new HttpProblem('validation_failed', NOT_JSON);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpProblem('validation_failed', NOT_JSON);
  }
};
