import express from 'express';
import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';

export const MAX_BODY_BYTES = 1024 * 1024;

const isJson = (type: string | undefined): boolean =>
  !!type && /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type);

const hasBody = (req: Parameters<RequestHandler>[0]): boolean =>
  req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;

/**
 * Request bodies are JSON objects of at most 1 MiB: another media type is a 415, a larger body a
 * 413, malformed JSON a 400 (the error handler maps the parser's errors).
 */
export const jsonBody = (): RequestHandler[] => [
  (req, _res, next) => {
    if (hasBody(req) && !isJson(req.get('content-type'))) {
      throw new HttpProblem('unsupported_media_type', 'Send the body as application/json.');
    }
    next();
  },
  express.json({
    limit: MAX_BODY_BYTES,
    strict: true,
    type: (req) => isJson(req.headers['content-type']),
  }),
];
