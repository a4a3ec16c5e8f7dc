import type { Scalar } from './port.js';

/** A page cursor: the sort value and id of the last document served, opaque to callers. */
export const encodeCursor = (value: Scalar, id: string): string =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

export const decodeCursor = (cursor: string): [Scalar, string] | undefined => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[1] === 'string' &&
      ['string', 'number', 'boolean'].includes(typeof parsed[0])
    ) {
      return [parsed[0] as Scalar, parsed[1]];
    }
  } catch {
    // fall through: an unreadable cursor is reported by the caller
  }
  return undefined;
};
