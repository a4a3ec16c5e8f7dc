/** Instances advanced at once; each instance is only ever advanced by one of them. */
const CONCURRENCY = 64;

export type InstanceQueue = {
  /** Advances the instance soon; again after the run under way, if one is. */
  enqueue: (instanceId: string) => void;
  /** Takes no more, and resolves once the runs under way have ended. */
  stop: () => Promise<void>;
};

/**
 * The instances waiting to be advanced, at most 64 at once and never one twice at once: news of
 * an instance that is being advanced waits for that run to end, then advances it again.
 */
export const instanceQueue = (advance: (instanceId: string) => Promise<void>): InstanceQueue => {
  const queued: string[] = [];
  const busy = new Set<string>();
  const again = new Set<string>();
  let stopped = false;
  let active = 0;
  let idle: (() => void) | undefined;

  const pump = (): void => {
    while (!stopped && active < CONCURRENCY && queued.length > 0) {
      const instanceId = queued.shift()!;
      if (busy.has(instanceId)) {
        again.add(instanceId);
        continue;
      }
      busy.add(instanceId);
      active++;
      void advance(instanceId).finally(() => {
        busy.delete(instanceId);
        active--;
        if (again.delete(instanceId)) queued.push(instanceId);
        if (active === 0) idle?.();
        pump();
      });
    }
  };
  return {
    enqueue: (instanceId) => {
      queued.push(instanceId);
      pump();
    },
    stop: async () => {
      stopped = true;
      if (active > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
};
