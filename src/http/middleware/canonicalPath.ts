import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';

/**
 * What a path never needs percent-encoded: the unreserved characters of RFC 3986, which
 * normalisers decode, and the separators, which some decode and others do not.
 */
const NEVER_ENCODED = /^[A-Za-z0-9\-._~/\\]$/;

/**
 * Why a path has another spelling than its own, or undefined when it has none. The routers match
 * a path as written, and the access checks tell its operation the same way; a proxy, a client
 * library or a later router may read an empty or dot segment, a backslash or an encoded slash or
 * letter otherwise, and reach a route that was not the one checked. A trailing slash is not here:
 * it is a path of its own, which no route takes.
 */
export const pathFault = (path: string): string | undefined => {
  if (path.includes('\\')) return 'holds a backslash';
  const segments = path.split('/').slice(1, -1);
  if (segments.includes('')) return 'holds an empty segment (//)';
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'holds a dot segment (. or ..)';
  }
  for (const [escape, hex] of path.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    const char = String.fromCharCode(parseInt(hex!, 16));
    if (NEVER_ENCODED.test(char)) return `percent-encodes ${JSON.stringify(char)} (${escape})`;
  }
  return undefined;
};

/**
 * Refuses, before any route is matched, a path that could be read as another path: each path
 * has one spelling, the one the OpenAPI document gives.
 */
export const canonicalPath = (): RequestHandler => (req, _res, next) => {
  const fault = pathFault(req.path);
  if (fault !== undefined) {
    throw new HttpProblem(
      'validation_failed',
      `The path ${fault}: send it as the OpenAPI document writes it.`,
    );
  }
  next();
};
