import type { Doc } from '../../projections/projection.js';
import type { FindPage, Scalar } from './port.js';

/** A page cursor: the sort value and id of the last document served, opaque to callers. */
export const encodeCursor = (value: Scalar, id: string): string =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

/** U+0000: no id or sort value holds it, and PostgreSQL's text cannot compare with it. */
const holdsNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

/** The position a cursor names, or undefined for one no list issued (refused on every store). */
export const decodeCursor = (cursor: string): [Scalar, string] | undefined => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[1] === 'string' &&
      ['string', 'number', 'boolean'].includes(typeof parsed[0]) &&
      !parsed.some(holdsNul)
    ) {
      return [parsed[0] as Scalar, parsed[1]];
    }
  } catch {
    // fall through: an unreadable cursor is reported by the caller
  }
  return undefined;
};

/**
 * A page of a query read one document past its limit: the documents it serves, and the cursor of
 * the next page when that extra document was there.
 */
export const pageOf = (rows: readonly Doc[], limit: number, sortField: string): FindPage => {
  const docs = rows.slice(0, limit);
  const last = docs[docs.length - 1];
  return {
    docs,
    nextCursor:
      rows.length > limit && last ? encodeCursor(last[sortField] as Scalar, last.id) : null,
  };
};
