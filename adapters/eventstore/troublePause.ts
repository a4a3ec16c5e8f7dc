import type { SubscriptionTrouble } from './port.js';

/**
 * The pause before a failed turn of a loop on a store is taken again: a tenth of a second after
 * the first failure, doubling to two seconds, so that a passing fault costs little, a store that
 * is down is not hammered (a refused connection every two seconds a loop), and a loop is back at
 * work within two seconds of its store answering again.
 */
export const troubleBackoffMs = (failures: number): number =>
  Math.min(2_000, 100 * 2 ** Math.min(5, Math.max(0, failures - 1)));

export type TroublePause = {
  /** Tells of the failure, then waits the pause its count calls for (or until `interrupt`). */
  failed: (error: unknown) => Promise<void>;
  /** A turn succeeded: after failures, tells of the recovery. */
  succeeded: () => void;
  /** Ends a pause at once (the loop is stopping); news of appends must not, or it would hammer. */
  interrupt: () => void;
};

/** The failures in a row of one loop, told to its owner, and the pauses between its tries. */
export const troublePause = (
  onTrouble: ((trouble: SubscriptionTrouble | undefined) => void) | undefined,
): TroublePause => {
  let failures = 0;
  let endPause: (() => void) | undefined;
  return {
    failed: async (error) => {
      failures++;
      onTrouble?.({ error: error instanceof Error ? error : new Error(String(error)), failures });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, troubleBackoffMs(failures));
        endPause = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endPause = undefined;
    },
    succeeded: () => {
      if (failures === 0) return;
      failures = 0;
      onTrouble?.(undefined);
    },
    interrupt: () => endPause?.(),
  };
};
