import type { Logger } from '../logging/logger.js';

/** A worker's loop that failed, and has not yet succeeded since. */
export type WorkerTrouble = { error: Error; failures: number };

export type TroubledWorker = {
  worker: string;
  failures: number;
  since: string;
  error: string;
};

/**
 * What the process's workers say of their loops: a loop on a store that fails tries again by
 * itself, so a failure is news rather than an end; while any loop is failing, the process is not
 * ready (its orchestrator sees it, and a peer may take its work over). Each loop's failures are
 * logged with their count, the first and then at each doubling, so that a long outage writes a
 * few lines rather than one per try; its recovery once.
 */
export type WorkerHealth = {
  report: (worker: string, trouble: WorkerTrouble | undefined) => void;
  troubled: () => TroubledWorker[];
};

const isLogged = (failures: number) => (failures & (failures - 1)) === 0 || failures % 100 === 0;

export const workerHealth = (logger: Logger, now: () => Date = () => new Date()): WorkerHealth => {
  const failing = new Map<string, TroubledWorker>();
  return {
    report: (worker, trouble) => {
      if (trouble === undefined) {
        const was = failing.get(worker);
        if (!was) return;
        failing.delete(worker);
        logger.info(
          { worker, failures: was.failures, since: was.since },
          'a worker recovered: its loop runs again',
        );
        return;
      }
      const since = failing.get(worker)?.since ?? now().toISOString();
      failing.set(worker, {
        worker,
        failures: trouble.failures,
        since,
        error: trouble.error.message,
      });
      if (isLogged(trouble.failures))
        logger.warn(
          { worker, failures: trouble.failures, since, err: trouble.error },
          'a worker’s loop failed; it tries again after a pause',
        );
    },
    troubled: () => [...failing.values()],
  };
};
