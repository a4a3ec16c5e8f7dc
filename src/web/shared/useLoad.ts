import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Problem } from './api';
import { asProblem } from './api';

export type Loaded<T> =
  { state: 'loading' } | { state: 'failed'; problem: Problem } | { state: 'ready'; data: T };

/**
 * Loads what a page shows, again whenever `deps` change or `reload` is called; an answer that
 * arrives after a newer request started is dropped.
 */
export const useLoad = <T>(
  load: () => Promise<T>,
  deps: readonly unknown[] = [],
): Loaded<T> & { reload: () => void } => {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load().then(
      (data) => current && setLoaded({ state: 'ready', data }),
      (error: unknown) => current && setLoaded({ state: 'failed', problem: asProblem(error) }),
    );
    return () => {
      current = false;
    };
  }, [round, ...deps]);
  return { ...loaded, reload };
};
