import type { Request } from 'express';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import type { Principal } from '../auth/principal.js';
import { HttpProblem } from './problem.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the request-id middleware on every request. */
    requestId: string;
    /** Set by the authentication middleware on every /v1 route that needs a key. */
    principal?: Principal;
  }
}

export const principalOf = (req: Request): Principal => {
  if (!req.principal) throw new Error('No principal: the route is not behind authentication.');
  return req.principal;
};

/** The envelope metadata of events caused by this request. */
export const metadataOf = (req: Request, merchantId: string | null): EventMetadata => ({
  merchant_id: merchantId,
  actor: req.principal?.key_id ?? null,
  request_id: req.requestId,
  correlation_id: req.requestId,
  causation_id: null,
});

/**
 * The merchant a request acts in. A merchant key acts in its own merchant (naming another is
 * forbidden); admin and auditor keys act in the merchant they name, if any.
 */
export const merchantScope = (
  req: Request,
  named: string | undefined | null,
): string | undefined => {
  const principal = principalOf(req);
  if (principal.role === 'merchant') {
    if (named && named !== principal.merchant_id) {
      throw new HttpProblem('forbidden', 'This key acts for another merchant.');
    }
    return principal.merchant_id ?? undefined;
  }
  return named ?? undefined;
};

/**
 * The merchant a write is for: the merchant key's own, or the one an admin key names. An admin key
 * that names none is refused: `what` says what the merchant is needed for.
 */
export const namedMerchant = (
  req: Request,
  named: string | undefined | null,
  what: string,
): string => {
  const merchantId = merchantScope(req, named);
  if (!merchantId) {
    throw new HttpProblem('validation_failed', `Name the merchant ${what}.`, [
      { path: 'merchant_id', message: 'required for a key that acts for any merchant' },
    ]);
  }
  return merchantId;
};

/** Which roles may call a route; auditors are refused every write. */
export const requireRole = (req: Request, ...roles: Principal['role'][]): Principal => {
  const principal = principalOf(req);
  if (!roles.includes(principal.role)) {
    throw new HttpProblem('forbidden', `This route needs a key with role ${roles.join(' or ')}.`);
  }
  return principal;
};

/** A path parameter as one string (Express types allow arrays for wildcard segments). */
export const pathParam = (req: Request, name: string): string => {
  const value = req.params[name];
  return Array.isArray(value) ? value.join('/') : String(value ?? '');
};

/**
 * May the caller see a resource of this merchant? A merchant key sees its own only; for it, the
 * others do not exist (404, not 403: their existence is not revealed).
 */
export const visibleTo = (req: Request, resourceMerchant: string): boolean => {
  const principal = principalOf(req);
  return principal.role !== 'merchant' || principal.merchant_id === resourceMerchant;
};

/** The merchant a key is bound to, or undefined for keys that act across merchants. */
export const actingMerchant = (req: Request): string | undefined => {
  const principal = principalOf(req);
  return principal.role === 'merchant' ? (principal.merchant_id ?? undefined) : undefined;
};
