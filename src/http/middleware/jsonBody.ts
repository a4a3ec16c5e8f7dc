import express from 'express';
import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Deeper than any real payload; far shallower than what overflows a recursive walk of it. */
export const MAX_BODY_DEPTH = 100;

/** How deep a parsed body nests, walked without recursion: it is the recursion we guard against. */
const nestsDeeperThan = (root: unknown, limit: number): boolean => {
  const stack: Array<[unknown, number]> = [[root, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [value, depth] = item;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
};

const isJson = (type: string | undefined): boolean =>
  !!type && /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type);

const hasBody = (req: Parameters<RequestHandler>[0]): boolean =>
  req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;

/**
 * Request bodies are JSON objects of at most 1 MiB: another media type is a 415, a larger body a
 * 413, malformed JSON a 400 (the error handler maps the parser's errors), and so is a body nested
 * over MAX_BODY_DEPTH levels: serialising it again (into the log, say) would overflow the stack.
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
  (req, _res, next) => {
    if (nestsDeeperThan(req.body, MAX_BODY_DEPTH)) {
      throw new HttpProblem(
        'validation_failed',
        `The body nests deeper than ${MAX_BODY_DEPTH} levels.`,
        [{ path: '', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` }],
      );
    }
    next();
  },
];
