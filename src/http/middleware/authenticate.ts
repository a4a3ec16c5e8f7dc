import type { RequestHandler } from 'express';
import type { Authenticator } from '../../auth/authenticate.js';
import { HttpProblem } from '../problem.js';

const challenge = { 'WWW-Authenticate': 'Bearer realm="sluice"' };

/** `Authorization: Bearer <key>`; a missing or unknown key is a 401 with a Bearer challenge. */
export const authenticate =
  (authenticator: Authenticator): RequestHandler =>
  async (req, _res, next) => {
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
    if (!principal)
      throw new HttpProblem('unauthorized', 'The API key is not valid.', undefined, challenge);
    req.principal = principal;
    next();
  };
