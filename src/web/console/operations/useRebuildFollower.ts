import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Api, Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';

type Projection = Schemas['Projection'];

/** The service reports a rebuild's progress about twice a second. */
const POLL_MS = 500;

/** A rebuild seen to end: when, and how many events of the log it last reported applying. */
export type FinishedRebuild = { at: Date; events: number | undefined };

/**
 * Rebuilds followed live: each projection rebuilding is read again every POLL_MS until it is no
 * longer rebuilding. `latest` holds the newest standing read of each followed projection, and
 * `finished` the rebuilds seen to end.
 */
export const useRebuildFollower = (api: Api) => {
  const [latest, setLatest] = useState<Record<string, Projection>>({});
  const [finished, setFinished] = useState<Record<string, FinishedRebuild>>({});
  const lastTotal = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, number>());
  const mounted = useRef(true);

  const show = useCallback((projection: Projection) => {
    if (projection.rebuild) lastTotal.current.set(projection.name, projection.rebuild.events_total);
    setLatest((all) => ({ ...all, [projection.name]: projection }));
  }, []);

  const follow = useCallback(
    (name: string) => {
      if (timers.current.has(name)) return;
      const schedule = () =>
        timers.current.set(
          name,
          window.setTimeout(() => void poll(), POLL_MS),
        );
      const poll = async () => {
        // A read that fails (the network, a restart) is tried again at the next tick.
        const projection = await unwrap(
          api.GET('/v1/admin/projections/{name}', { params: { path: { name } } }),
        ).catch(() => undefined);
        if (!mounted.current) return;
        if (projection) show(projection);
        if (projection && projection.status !== 'rebuilding') {
          timers.current.delete(name);
          const events = lastTotal.current.get(name);
          setFinished((all) => ({ ...all, [name]: { at: new Date(), events } }));
          return;
        }
        schedule();
      };
      schedule();
    },
    [api, show],
  );

  /** Forgets what was followed to the end, when the page reads every projection again. */
  const forgetFinished = useCallback(() => {
    setLatest((all) =>
      Object.fromEntries(Object.entries(all).filter(([name]) => timers.current.has(name))),
    );
    setFinished({});
  }, []);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      for (const timer of pending.values()) window.clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { latest, finished, show, follow, forgetFinished };
};
