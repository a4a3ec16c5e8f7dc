import type { FindPage } from '../../adapters/readstore/port.js';

/** The list envelope of every list route. */
export const listBody = <T>(page: FindPage, present: (doc: FindPage['docs'][number]) => T) => ({
  object: 'list' as const,
  data: page.docs.map(present),
  has_more: page.nextCursor !== null,
  next_cursor: page.nextCursor,
});
