import type { RequestHandler } from 'express';
import { PORTAL_ACCESS } from '../../portal/portalAccess.js';
import { operationResolver } from '../../portal/documentOperations.js';
import { HttpProblem } from '../problem.js';

/**
 * Holds a portal token to its session: past `expires_at` (by the service's clock) it is a 401 like
 * any key that stopped working; an operation its capabilities do not cover, or one a portal never
 * does, is a 403. Other keys pass untouched. A path that names no documented operation is a 403
 * too, not passed on: whatever route it might still reach was not checked here.
 */
export const portalCapabilities = (now: () => Date): RequestHandler => {
  const operationOf = operationResolver();
  return (req, _res, next) => {
    const grant = req.principal?.portal;
    if (!grant) return next();
    if (Date.parse(grant.expires_at) <= now().getTime()) {
      throw new HttpProblem('unauthorized', 'The API key is not valid.', undefined, {
        'WWW-Authenticate': 'Bearer realm="sluice"',
      });
    }
    const operationId = operationOf(req.method, req.baseUrl + req.path);
    const needed =
      (operationId === undefined ? undefined : PORTAL_ACCESS[operationId]) ?? 'refused';
    if (needed === 'refused') {
      throw new HttpProblem('forbidden', 'A portal session cannot do this.');
    }
    if (!grant.capabilities.includes(needed)) {
      throw new HttpProblem('forbidden', `This portal session lacks the ${needed} capability.`);
    }
    next();
  };
};
