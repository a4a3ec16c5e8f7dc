/** Instances advanced at once; each instance is only ever advanced by one of them. */
const CONCURRENCY = 64;
/**
 * Instances of one merchant advanced at once: a merchant whose runs are slow (their expressions
 * run to their time limit, their services hang) holds a quarter of the runs, not all of them.
 */
const PER_MERCHANT = 16;

export type InstanceQueue = {
  /**
   * Advances the instance soon, again after the run under way if one is. Resolves once a run that
   * began after this call has ended; rejects if the queue stops first (the work was not done).
   * The merchant, when known, puts the instance in its merchant's turn.
   */
  enqueue: (instanceId: string, merchantId?: string) => Promise<void>;
  /** Whether the instance is neither waiting in the queue nor being advanced here. */
  idle: (instanceId: string) => boolean;
  /** Takes no more, and resolves once the runs under way have ended. */
  stop: () => Promise<void>;
};

type Waiter = { resolve: () => void; reject: (error: Error) => void };

/** Each merchant's waiting instances, in order, and the merchants taken in turn. */
const merchantTurns = () => {
  const waiting = new Map<string, string[]>();
  return {
    push: (merchantId: string, instanceId: string) => {
      const line = waiting.get(merchantId);
      if (line) line.push(instanceId);
      else waiting.set(merchantId, [instanceId]);
    },
    /** The next instance of the next merchant in turn that may start one, if any. */
    take: (mayStart: (merchantId: string) => boolean): [string, string] | undefined => {
      for (const [merchantId, line] of waiting) {
        if (!mayStart(merchantId)) continue;
        const instanceId = line.shift()!;
        // The merchant goes to the back of the turn, with whatever it has left.
        waiting.delete(merchantId);
        if (line.length > 0) waiting.set(merchantId, line);
        return [merchantId, instanceId];
      }
      return undefined;
    },
    clear: () => waiting.clear(),
  };
};

/**
 * The instances waiting to be advanced, at most 64 at once, 16 of one merchant, merchants taking
 * turns, and never one instance twice at once: news of an instance that is being advanced waits
 * for that run to end, then advances it again. Whoever queued an instance learns when the run that
 * took its news in has ended.
 */
export const instanceQueue = (advance: (instanceId: string) => Promise<void>): InstanceQueue => {
  const turns = merchantTurns();
  /** The callers waiting on each instance's next run, queued or to come after the one running. */
  const next = new Map<string, Waiter[]>();
  const busy = new Set<string>();
  const merchantOf = new Map<string, string>();
  const activeOf = new Map<string, number>();
  let stopped = false;
  let active = 0;
  let idle: (() => void) | undefined;

  const mayStart = (merchantId: string) => (activeOf.get(merchantId) ?? 0) < PER_MERCHANT;
  const pump = (): void => {
    while (!stopped && active < CONCURRENCY) {
      const taken = turns.take(mayStart);
      if (!taken) return;
      const [merchantId, instanceId] = taken;
      const waiters = next.get(instanceId) ?? [];
      next.delete(instanceId);
      busy.add(instanceId);
      active++;
      activeOf.set(merchantId, (activeOf.get(merchantId) ?? 0) + 1);
      void advance(instanceId).finally(() => {
        busy.delete(instanceId);
        active--;
        const left = activeOf.get(merchantId)! - 1;
        if (left > 0) activeOf.set(merchantId, left);
        else activeOf.delete(merchantId);
        for (const waiter of waiters) waiter.resolve();
        // News that came during the run: advance again.
        if (next.has(instanceId)) turns.push(merchantId, instanceId);
        else merchantOf.delete(instanceId);
        if (active === 0) idle?.();
        pump();
      });
    }
  };
  return {
    enqueue: (instanceId, merchantId) =>
      new Promise<void>((resolve, reject) => {
        if (stopped) return reject(new Error('The executor is stopping.'));
        const waiters = next.get(instanceId);
        if (waiters) {
          // Already waiting for a run: this news is taken in by that run.
          waiters.push({ resolve, reject });
          return;
        }
        next.set(instanceId, [{ resolve, reject }]);
        // News without its merchant (a timer) waits in the turn of the merchant already known.
        const merchant = merchantOf.get(instanceId) ?? merchantId ?? '';
        merchantOf.set(instanceId, merchant);
        if (!busy.has(instanceId)) turns.push(merchant, instanceId);
        pump();
      }),
    idle: (instanceId) => !busy.has(instanceId) && !next.has(instanceId),
    stop: async () => {
      stopped = true;
      const stopping = new Error('The executor is stopping.');
      for (const waiters of next.values()) for (const waiter of waiters) waiter.reject(stopping);
      next.clear();
      turns.clear();
      if (active > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
};
