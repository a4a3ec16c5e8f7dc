import type { RequestHandler } from 'express';
import { operationResolver } from '../../portal/documentOperations.js';
import { HttpProblem } from '../problem.js';

/**
 * What a publisher key may call: the platform's backend publishes business events and runs
 * processes for any merchant, and so holds no admin key. Everything else is refused here, before
 * any route's own checks, so a route added later is closed to it until it is named here; so is a
 * path that names no documented operation, whatever route it might still reach.
 */
export const PUBLISHER_OPERATIONS: ReadonlySet<string> = new Set(['publishEvent', 'runProcess']);

export const publisherOnly = (): RequestHandler => {
  const operationOf = operationResolver();
  return (req, _res, next) => {
    if (req.principal?.role !== 'publisher') return next();
    const operationId = operationOf(req.method, req.baseUrl + req.path);
    if (operationId !== undefined && PUBLISHER_OPERATIONS.has(operationId)) return next();
    throw new HttpProblem(
      'forbidden',
      'A publisher key only publishes events (POST /v1/events) and runs processes (POST /v1/processes/{id}/runs).',
    );
  };
};
