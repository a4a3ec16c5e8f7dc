/** Instances advanced at once; each instance is only ever advanced by one of them. */
const CONCURRENCY = 64;

export type InstanceQueue = {
  /**
   * Advances the instance soon, again after the run under way if one is. Resolves once a run that
   * began after this call has ended; rejects if the queue stops first (the work was not done).
   */
  enqueue: (instanceId: string) => Promise<void>;
  /** Whether the instance is neither waiting in the queue nor being advanced here. */
  idle: (instanceId: string) => boolean;
  /** Takes no more, and resolves once the runs under way have ended. */
  stop: () => Promise<void>;
};

type Waiter = { resolve: () => void; reject: (error: Error) => void };

/**
 * The instances waiting to be advanced, at most 64 at once and never one twice at once: news of
 * an instance that is being advanced waits for that run to end, then advances it again. Whoever
 * queued an instance learns when the run that took its news in has ended.
 */
export const instanceQueue = (advance: (instanceId: string) => Promise<void>): InstanceQueue => {
  const queued: string[] = [];
  /** The callers waiting on each instance's next run, queued or to come after the one running. */
  const next = new Map<string, Waiter[]>();
  const busy = new Set<string>();
  let stopped = false;
  let active = 0;
  let idle: (() => void) | undefined;

  const pump = (): void => {
    while (!stopped && active < CONCURRENCY && queued.length > 0) {
      const instanceId = queued.shift()!;
      const waiters = next.get(instanceId) ?? [];
      next.delete(instanceId);
      busy.add(instanceId);
      active++;
      void advance(instanceId).finally(() => {
        busy.delete(instanceId);
        active--;
        for (const waiter of waiters) waiter.resolve();
        // News that came during the run: advance again.
        if (next.has(instanceId)) queued.push(instanceId);
        if (active === 0) idle?.();
        pump();
      });
    }
  };
  return {
    enqueue: (instanceId) =>
      new Promise<void>((resolve, reject) => {
        if (stopped) return reject(new Error('The executor is stopping.'));
        const waiters = next.get(instanceId);
        if (waiters) {
          // Already waiting for a run: this news is taken in by that run.
          waiters.push({ resolve, reject });
          return;
        }
        next.set(instanceId, [{ resolve, reject }]);
        if (!busy.has(instanceId)) queued.push(instanceId);
        pump();
      }),
    idle: (instanceId) => !busy.has(instanceId) && !next.has(instanceId),
    stop: async () => {
      stopped = true;
      const stopping = new Error('The executor is stopping.');
      for (const waiters of next.values()) for (const waiter of waiters) waiter.reject(stopping);
      next.clear();
      queued.length = 0;
      if (active > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
};
