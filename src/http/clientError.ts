import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { newId } from '../ids.js';
import { HttpProblem, problemBody } from './problem.js';

/**
 * Requests that Node's parser refuses never reach the app: left to Node, they get a bare status
 * without a body. They get a problem+json like every other refusal: 431 for a request line or
 * headers over the parser's limit (a very long URL, say), 400 for the rest.
 */
export const answerClientErrors = (server: Server): void => {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const problem =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new HttpProblem(
            'headers_too_large',
            'The request line and headers are larger than the server accepts.',
          )
        : new HttpProblem('validation_failed', 'The request is not valid HTTP.');
    // The request's own X-Request-Id, if any, was in what could not be parsed.
    const requestId = newId('req');
    const body = JSON.stringify(problemBody(problem, requestId));
    // Ended, then destroyed once flushed: a client that never closes its side must not keep the
    // socket half-open.
    socket.end(
      `HTTP/1.1 ${problem.status} ${problem.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `x-request-id: ${requestId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
      () => socket.destroy(),
    );
  });
};
