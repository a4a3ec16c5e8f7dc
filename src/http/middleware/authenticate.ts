import type { RequestHandler } from 'express';
import type { Authenticator } from '../../auth/authenticate.js';
import { HttpProblem } from '../problem.js';
import type { AuthenticationFailures } from './authenticationFailures.js';
import { authenticationFailures } from './authenticationFailures.js';
import { requestAddress } from './clientAddress.js';

const challenge = { 'WWW-Authenticate': 'Bearer realm="sluice"' };

/**
 * `Authorization: Bearer <key>`; a missing or unknown key is a 401 with a Bearer challenge.
 *
 * An address that presented too many unknown keys gets a 429 for the next unknown ones, while a
 * valid key is answered whatever its address did: behind a NAT or a proxy, many tenants share an
 * address, and one of them failing must not lock the others out. Letting valid keys through tells
 * a guesser nothing it can use: a key is 32 random bytes, which no rate of guessing finds, so the
 * throttle is there for the load of guessing and for a client stuck on a wrong key. A request
 * without a key guesses nothing, and is not counted.
 */
export const authenticate = (
  authenticator: Authenticator,
  failures: AuthenticationFailures = authenticationFailures(),
): RequestHandler => {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    const match = header ? /^Bearer[ ]+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      throw new HttpProblem(
        'unauthorized',
        'Send an API key as Authorization: Bearer <key>.',
        undefined,
        challenge,
      );
    }
    const principal = await authenticator(match[1]!);
    if (principal) {
      req.principal = principal;
      return next();
    }
    const address = requestAddress(req) ?? 'unknown';
    const retryAfter = failures.retryAfter(address);
    if (retryAfter !== undefined) {
      throw new HttpProblem(
        'rate_limited',
        'Too many API keys from this address were not valid; retry later.',
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
    failures.failed(address);
    throw new HttpProblem('unauthorized', 'The API key is not valid.', undefined, challenge);
  };
};
