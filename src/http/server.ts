import type { Server } from 'node:http';
import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import type { Express } from 'express';

/**
 * The HTTP server for the app, its requests and responses born with the app's prototypes.
 *
 * Express gives each request and response the app's prototype as it arrives
 * (`Object.setPrototypeOf`). After such a swap V8 shares no hidden class between objects: every
 * property a middleware then sets builds a new one, and no access to a request is ever cached,
 * which costs about a third of the work of a small request. Made by classes whose prototypes are
 * the app's, they already have the prototype Express gives them: the swap changes nothing, and
 * requests share their shapes.
 */
export const serverFor = (app: Express): Server => {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as unknown as Express['request'];
  app.response = AppResponse.prototype as unknown as Express['response'];
  return createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
};
