import { useEffect, useState } from 'preact/hooks';
import { hrefOf } from '../../shared/router';

/**
 * A page's filters live in the URL fragment after its route (`#/audit?stream=…`), so a copied
 * link or a reload shows the same view; the shared router keeps only the route part.
 */
export const queryOfHash = (hash: string): URLSearchParams =>
  new URLSearchParams(hash.split('?').slice(1).join('?'));

/** The fragment's query now, kept current as the fragment changes. */
export const useHashQuery = (): URLSearchParams => {
  const [query, setQuery] = useState(() => queryOfHash(window.location.hash));
  useEffect(() => {
    const changed = () => setQuery(queryOfHash(window.location.hash));
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return query;
};

/** The link to a route with a query; empty values are left out. */
export const hrefWithQuery = (
  route: string,
  params: Record<string, string | null | undefined>,
): string => {
  const kept = Object.entries(params).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  const query = new URLSearchParams(kept).toString();
  return query ? `${hrefOf(route)}?${query}` : hrefOf(route);
};
