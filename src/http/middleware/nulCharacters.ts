import type { RequestHandler } from 'express';
import { HttpProblem } from '../problem.js';

const MESSAGE = 'must not hold the character U+0000';

const holdsNul = (text: string): boolean => text.includes('\u0000');

/**
 * Refuses, before any route reads them, a path or query holding U+0000 (`%00`): PostgreSQL's
 * text cannot hold it, so a lookup or filter with it fails there, where SQLite and MongoDB would
 * answer; refused here, it is the same 400 on every store. The body's strings are refused with
 * the body's other faults (jsonBody), and a cursor's when it is read (decodeCursor).
 */
export const nulCharacters = (): RequestHandler => (req, _res, next) => {
  // Only an escape can carry it: Node's parser refuses a raw NUL in the request line.
  if (/%00/.test(req.path)) {
    throw new HttpProblem('validation_failed', 'The path holds the character U+0000 (%00).');
  }
  const query = req.query as Record<string, string | string[] | undefined>;
  const faults = Object.entries(query)
    .filter(([name, value]) => holdsNul(name) || [value ?? []].flat().some(holdsNul))
    .map(([name]) => ({ path: name, message: MESSAGE }));
  if (faults.length > 0) {
    throw new HttpProblem('validation_failed', 'The query is not valid.', faults);
  }
  next();
};
