import type { ExpectedRevision } from './port.js';

/** Whether a stream whose last revision is `actual` (-1: none) is where an append expects it. */
export const satisfies = (expected: ExpectedRevision, actual: number): boolean => {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  if (expected === 'stream_exists') return actual >= 0;
  return expected === actual;
};
