/** setTimeout's longest wait; longer delays are waited for in several stretches. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export type Timers = {
  /** Wakes the instance at `dueAtMs` (epoch ms); a later call for the same instance replaces it. */
  schedule: (instanceId: string, dueAtMs: number) => void;
  stop: () => void;
};

/**
 * The in-memory side of the durable timer: the `process_timers` read model remembers what is due
 * across restarts, and this wakes each instance at its time.
 */
export const timers = (fire: (instanceId: string) => void): Timers => {
  const pending = new Map<string, NodeJS.Timeout>();
  const schedule = (instanceId: string, dueAtMs: number): void => {
    clearTimeout(pending.get(instanceId));
    const wait = Math.max(0, dueAtMs - Date.now());
    const timeout = setTimeout(
      () => {
        pending.delete(instanceId);
        // setTimeout counts on the monotonic clock and may end a millisecond before the wall
        // clock reaches the due time; the instance judges its delay by the wall clock and would
        // refuse to wake. So the rest is waited out, as is the rest of a delay too long for one
        // setTimeout.
        if (Date.now() < dueAtMs) schedule(instanceId, dueAtMs);
        else fire(instanceId);
      },
      Math.min(wait, LONGEST_TIMEOUT_MS),
    );
    pending.set(instanceId, timeout);
  };
  return {
    schedule,
    stop: () => {
      for (const timeout of pending.values()) clearTimeout(timeout);
      pending.clear();
    },
  };
};
