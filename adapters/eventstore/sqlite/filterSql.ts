import type { EventFilter } from '../port.js';
import { MERCHANT_OF_EVENT } from './schema.js';
import { likePrefix, pastPrefix } from '../prefixRange.js';

export type FilterSql = { clause: string; params: string[] };

export const filterSql = (filter: EventFilter | undefined): FilterSql => {
  const parts: string[] = [];
  const params: string[] = [];
  // A prefix is a range of the column, two bytewise comparisons per row instead of a pattern
  // match. The unary `+` keeps SQLite scanning in position order rather than through an index of
  // the column, which would have to sort every match to answer a page.
  const anyOf = (column: string, prefixes: readonly string[] | undefined) => {
    if (!prefixes || prefixes.length === 0) return;
    const each = prefixes.map((prefix) => {
      const past = pastPrefix(prefix);
      if (past === undefined) {
        params.push(likePrefix(prefix));
        return `${column} LIKE ? ESCAPE '\\'`;
      }
      params.push(prefix, past);
      return `(+${column} >= ? AND +${column} < ?)`;
    });
    parts.push(`(${each.join(' OR ')})`);
  };
  const equal = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    parts.push(`${column} = ?`);
    params.push(value);
  };
  anyOf('type', filter?.typePrefixes);
  anyOf('stream', filter?.streamPrefixes);
  equal('type', filter?.type);
  equal('stream', filter?.stream);
  equal(MERCHANT_OF_EVENT, filter?.merchantId);
  // No index: an auditor's question, read in position order within the page's scan budget.
  equal("json_extract(metadata, '$.correlation_id')", filter?.correlationId);
  return { clause: parts.length ? ` AND ${parts.join(' AND ')}` : '', params };
};
