import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';

/**
 * The API serves no CORS (it is called by servers, with keys no browser page should hold), so
 * OPTIONS is a method no route takes: a 404 problem like any other, not the router's own
 * `200 text/plain` list of methods.
 */
export const optionsNotServed = (): RequestHandler => (req, _res, next) => {
  if (req.method !== 'OPTIONS') return next();
  throw new HttpProblem('not_found', `No route OPTIONS ${req.path}.`);
};
