import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isPassingStoreFault } from '../../../adapters/storeFaults.js';
import { InvalidCursorError } from '../../../adapters/readstore/port.js';
import type { Logger } from '../../logging/logger.js';
import { HttpProblem, problemBody } from '../problem.js';

/** Errors of the JSON body parser, by their `type`. */
const parserProblem = (error: { type?: string; status?: number }): HttpProblem | undefined => {
  switch (error.type) {
    case 'entity.too.large':
      return new HttpProblem('payload_too_large', 'The body is larger than 1 MiB.');
    case 'entity.parse.failed':
      return new HttpProblem('validation_failed', 'The body is not valid JSON.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpProblem('unsupported_media_type', 'Send the body as UTF-8 JSON.');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new HttpProblem('validation_failed', 'The body could not be read.');
    default:
      return undefined;
  }
};

const toProblem = (error: unknown): HttpProblem | undefined => {
  if (error instanceof HttpProblem) return error;
  if (error instanceof InvalidCursorError) {
    return new HttpProblem('validation_failed', error.message, [
      { path: 'cursor', message: error.message },
    ]);
  }
  // The router decodes path parameters: one that is not percent-encoded UTF-8 fails there.
  if (error instanceof URIError) {
    return new HttpProblem(
      'validation_failed',
      'A path parameter is not valid percent-encoded UTF-8.',
    );
  }
  // The database cut off, restarting or out of connections: the request may be made again.
  if (isPassingStoreFault(error))
    return new HttpProblem(
      'unavailable',
      'The service cannot reach its database now; retry later.',
      undefined,
      { 'Retry-After': '1' },
    );
  if (typeof error === 'object' && error !== null) return parserProblem(error);
  return undefined;
};

/** Every error becomes problem+json; the unexpected ones are logged and told apart by request id only. */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, _next) => {
    let problem = toProblem(error);
    if (!problem) {
      logger.error({ err: error, request_id: req.requestId }, 'unhandled error');
      problem = new HttpProblem(
        'internal',
        'The request failed; quote its request id when reporting it.',
      );
    }
    if (res.headersSent) return res.end();
    for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
    res
      .status(problem.status)
      .type('application/problem+json')
      .send(JSON.stringify(problemBody(problem, req.requestId)));
  };

export const notFound = (): RequestHandler => (req) => {
  throw new HttpProblem('not_found', `No route ${req.method} ${req.path}.`);
};
