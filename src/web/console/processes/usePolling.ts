import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Problem } from '../../shared/api';
import { asProblem } from '../../shared/api';
import type { Loaded } from '../../shared/useLoad';

export type Polled<T> = Loaded<T> & {
  /** Reads again now (after an action), without hiding what is shown meanwhile. */
  refresh: () => void;
  /** Why the last refresh failed while the earlier answer stays on the page. */
  staleBecause: Problem | undefined;
};

/**
 * Loads what a page shows, then again every `intervalMs` for as long as `keepPolling` says the
 * answer may still change. Refreshes keep the page as it is until the new answer arrives; a
 * failed refresh keeps the last answer and says why it may be stale.
 */
export const usePolling = <T>(
  load: () => Promise<T>,
  keepPolling: (data: T) => boolean,
  intervalMs: number,
  deps: readonly unknown[],
): Polled<T> => {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [staleBecause, setStaleBecause] = useState<Problem>();
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    setLoaded({ state: 'loading' });
    setStaleBecause(undefined);
  }, deps);

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    load().then(
      (data) => {
        if (!current) return;
        setLoaded({ state: 'ready', data });
        setStaleBecause(undefined);
        if (keepPolling(data)) timer = setTimeout(refresh, intervalMs);
      },
      (error: unknown) => {
        if (!current) return;
        const problem = asProblem(error);
        setLoaded((before) => (before.state === 'ready' ? before : { state: 'failed', problem }));
        setStaleBecause(problem);
        timer = setTimeout(refresh, intervalMs);
      },
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [round, ...deps]);

  return { ...loaded, refresh, staleBecause };
};
