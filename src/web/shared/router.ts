import { useEffect, useState } from 'preact/hooks';

/**
 * The page a tab shows, from the URL fragment: `#/endpoints` is `endpoints`. The server serves
 * one document per app, so pages are fragments; a reload or a shared link keeps the page.
 */
export const routeOf = (hash: string): string => hash.replace(/^#\/?/, '').split('?')[0] ?? '';

/** The current route, updated on every fragment change; `fallback` when there is none. */
export const useRoute = (fallback: string): string => {
  const [route, setRoute] = useState(() => routeOf(window.location.hash) || fallback);
  useEffect(() => {
    const changed = () => setRoute(routeOf(window.location.hash) || fallback);
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, [fallback]);
  return route;
};

/** The link to a route, for `href`. */
export const hrefOf = (route: string): string => `#/${route}`;
