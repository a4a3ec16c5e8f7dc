import { useEffect, useRef, useState } from 'preact/hooks';
import { asProblem } from '../../shared/api';
import type { Loaded } from '../../shared/useLoad';

/**
 * Loads what a view shows: from scratch when `deps` change (a filter, a page), and quietly again
 * on every `tick` (a poll), keeping what is shown until the fresher answer arrives, so a list
 * that refreshes every few seconds does not flicker. An answer overtaken by a newer request is
 * dropped.
 */
export const useLiveLoad = <T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  tick: number,
): Loaded<T> => {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const shownFor = useRef<string | undefined>(undefined);
  const key = JSON.stringify(deps);
  useEffect(() => {
    let current = true;
    if (shownFor.current !== key) setLoaded({ state: 'loading' });
    shownFor.current = key;
    load().then(
      (data) => current && setLoaded({ state: 'ready', data }),
      (error: unknown) => current && setLoaded({ state: 'failed', problem: asProblem(error) }),
    );
    return () => {
      current = false;
    };
  }, [key, tick]);
  return loaded;
};
