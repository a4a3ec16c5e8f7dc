import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';

/** An auditor reads everything and writes nothing, whatever a route's own checks say. */
export const readOnlyAuditor = (): RequestHandler => (req, _res, next) => {
  if (req.principal?.role === 'auditor' && req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpProblem('forbidden', 'An auditor key is read-only.');
  }
  next();
};
