/**
 * Wakes a sleeping loop; a wake before the sleep is not lost (the next wait returns at once). The
 * waiters wake at the end of the turn, in one go however many wakes the turn had, and ahead of what
 * the turn queued after the first wake: an attempt that frees a slot queues its outcome's append
 * right after, so the next request to that endpoint leaves before the outcome is written, and the
 * receiver answers it while the commit runs.
 */
export const wakeSignal = () => {
  let waiters: Array<() => void> = [];
  let scheduled = false;
  const wakeAll = () => {
    scheduled = false;
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  return {
    wait: () => new Promise<void>((resolve) => waiters.push(resolve)),
    notify: () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(wakeAll);
    },
  };
};

export type WakeSignal = ReturnType<typeof wakeSignal>;
