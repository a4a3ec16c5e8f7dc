import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { Logger } from '../logging/logger.js';

const RETRY_AFTER_MS = 1000;

/** A batch left unfinished because its processor is stopping: it is handed out again later. */
export class Stopping extends Error {}

export type Retrying = {
  /** Runs the task until it passes; throws `Stopping` once the processor stops. */
  run: (events: readonly RecordedEvent[], task: () => Promise<void>) => Promise<void>;
  stop: () => void;
};

/**
 * The one retry discipline of processors: a batch that fails is tried again a second later,
 * whole, for as long as its processor runs. The log is the queue: nothing after the batch is
 * handled meanwhile, and nothing is skipped.
 */
export const retrying = (
  name: string,
  logger: Logger,
  onOutcome: (error: unknown) => void = () => {},
): Retrying => {
  let stopped = false;
  return {
    run: async (events, task) => {
      for (let failures = 1; ; failures++) {
        if (stopped) throw new Stopping(`${name} is stopping`);
        try {
          await task();
          onOutcome(undefined);
          return;
        } catch (err) {
          onOutcome(err);
          // Logged at the first failure and at each doubling: a batch that waits on something
          // (read models catching up, a database coming back) writes a few lines, not one a second.
          if ((failures & (failures - 1)) === 0)
            logger.error(
              { err, event_id: events[0]?.id, events: events.length, processor: name, failures },
              'an event could not be handled; retrying',
            );
          await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
        }
      }
    },
    stop: () => {
      stopped = true;
    },
  };
};
