/** setTimeout's longest wait; longer delays are waited for in several stretches. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export type Timers = {
  /**
   * Wakes the instance at `dueAtMs` (epoch ms), or earlier if it is to wake earlier already: its
   * lines may wait on several timers, and a wake fires whatever is due, then asks for the next.
   */
  schedule: (instanceId: string, dueAtMs: number) => void;
  stop: () => void;
};

/**
 * The in-memory side of the durable timer: the `process_timers` read model remembers what is due
 * across restarts, and this wakes each instance at its time.
 */
export const timers = (fire: (instanceId: string) => void): Timers => {
  const pending = new Map<string, { timeout: NodeJS.Timeout; dueAtMs: number }>();
  const schedule = (instanceId: string, dueAtMs: number): void => {
    const earlier = pending.get(instanceId);
    if (earlier && earlier.dueAtMs <= dueAtMs) return;
    clearTimeout(earlier?.timeout);
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
    pending.set(instanceId, { timeout, dueAtMs });
  };
  return {
    schedule,
    stop: () => {
      for (const { timeout } of pending.values()) clearTimeout(timeout);
      pending.clear();
    },
  };
};
