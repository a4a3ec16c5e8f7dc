import type { RequestHandler } from 'express';
import type { Authenticator } from '../../auth/authenticate.js';
import { HttpProblem } from '../problem.js';
import type { AuthenticationFailures } from './authenticationFailures.js';
import { authenticationFailures } from './authenticationFailures.js';
import { clientAddress } from './clientAddress.js';

const challenge = { 'WWW-Authenticate': 'Bearer realm="sluice"' };

/**
 * `Authorization: Bearer <key>`; a missing or unknown key is a 401 with a Bearer challenge.
 *
 * An address that presented too many unknown keys is refused with a 429 before its key is looked
 * at, whichever key it sends: were a right key let through, the difference between its answer and
 * a wrong key's would tell a guesser when it had found one, at full speed. A request without a key
 * guesses nothing, and is not counted.
 */
export const authenticate = (
  authenticator: Authenticator,
  failures: AuthenticationFailures = authenticationFailures(),
): RequestHandler => {
  return async (req, _res, next) => {
    const address = clientAddress(req.socket) ?? 'unknown';
    const retryAfter = failures.retryAfter(address);
    if (retryAfter !== undefined) {
      throw new HttpProblem(
        'rate_limited',
        'Too many API keys from this address were not valid; retry later.',
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
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
    if (!principal) {
      failures.failed(address);
      throw new HttpProblem('unauthorized', 'The API key is not valid.', undefined, challenge);
    }
    req.principal = principal;
    next();
  };
};
