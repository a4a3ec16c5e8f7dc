import type { EventFilter } from '../port.js';
import { MERCHANT_OF_EVENT } from './schema.js';

/** `LIKE` with the wildcard characters of a prefix escaped, so `a_b.` matches only itself. */
const likePrefix = (prefix: string): string => prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';

export type FilterSql = { clause: string; params: string[] };

export const filterSql = (filter: EventFilter | undefined): FilterSql => {
  const parts: string[] = [];
  const params: string[] = [];
  const anyOf = (column: string, prefixes: readonly string[] | undefined) => {
    if (!prefixes || prefixes.length === 0) return;
    parts.push(`(${prefixes.map(() => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    params.push(...prefixes.map(likePrefix));
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
  return { clause: parts.length ? ` AND ${parts.join(' AND ')}` : '', params };
};
