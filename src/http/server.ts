import type { Server, ServerOptions } from 'node:http';
import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';
import type { Guards } from '../config/guards.js';
import { clientAddress } from './middleware/clientAddress.js';

/** What bounds a client's connections: how long it may take to send a request, and how many. */
export type ConnectionLimits = Pick<
  Guards,
  'requestTimeoutMs' | 'headersTimeoutMs' | 'maxConnections' | 'maxConnectionsPerIp'
>;

/**
 * Node's timeouts for a request's headers and for the whole request. They are checked on an
 * interval, a tenth of the shorter one, so that a slow client is cut soon after its deadline
 * rather than up to Node's default 30 s later. Node refuses a headers timeout longer than the
 * request's. The headers' clock starts at a request's first byte (or at connecting), not while a
 * kept-alive socket is idle, so it need not outlast the keep-alive timeout.
 */
export const timeoutOptions = (limits: ConnectionLimits): ServerOptions => {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout,
    connectionsCheckingInterval: Math.max(10, Math.round(headersTimeout / 10)),
  };
};

/** Caps open connections, in all and per client address: one over its address's cap is destroyed. */
export const limitConnections = (server: Server, limits: ConnectionLimits): void => {
  server.maxConnections = limits.maxConnections;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    if (address === undefined) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerIp) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
};

/**
 * A client cut for being slow is dropped without an answer: it was not sending in time, and an
 * answer would wait on it. Node drops it itself only while no one else listens for client errors
 * (answerClientErrors does): this listener comes first, so no other answers it as a bad request.
 */
export const dropTimedOutClients = (server: Server): void => {
  server.prependListener('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.destroy();
  });
};

/**
 * The HTTP server for the app (with `options`, its timeouts say), its requests and responses born
 * with the app's prototypes.
 *
 * Express gives each request and response the app's prototype as it arrives
 * (`Object.setPrototypeOf`). After such a swap V8 shares no hidden class between objects: every
 * property a middleware then sets builds a new one, and no access to a request is ever cached,
 * which costs about a third of the work of a small request. Made by classes whose prototypes are
 * the app's, they already have the prototype Express gives them: the swap changes nothing, and
 * requests share their shapes.
 */
export const serverFor = (app: Express, options: ServerOptions = {}): Server => {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as unknown as Express['request'];
  app.response = AppResponse.prototype as unknown as Express['response'];
  return createServer(
    { ...options, IncomingMessage: AppRequest, ServerResponse: AppResponse },
    app,
  );
};
