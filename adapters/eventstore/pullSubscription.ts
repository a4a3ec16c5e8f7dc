import type { Position } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type {
  ReadAllOptions,
  ReadAllPage,
  SubscribeOptions,
  Subscription,
  SubscriptionHandler,
} from './port.js';

/** A signal that wakes waiting readers when the log grows. */
export type AppendSignal = {
  wait: () => Promise<void>;
  notify: () => void;
};

export const appendSignal = (): AppendSignal => {
  let waiters: Array<() => void> = [];
  return {
    wait: () => new Promise<void>((resolve) => waiters.push(resolve)),
    notify: () => {
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    },
  };
};

/**
 * A subscription built from reads of the log: it reads pages until the end, hands them to the
 * handler one at a time (so the handler sees events in order and is never re-entered), then
 * sleeps until the next append. No timer is involved: an append wakes it at once.
 */
export const pullSubscription = (
  readAll: (options: ReadAllOptions) => Promise<ReadAllPage>,
  signal: AppendSignal,
  options: SubscribeOptions,
  handler: SubscriptionHandler,
): Subscription => {
  let cursor: Position | undefined = options.after;
  let stopped = false;
  let reachedWaiters: Array<{ position: Position; resolve: () => void }> = [];
  let failure: Error | undefined;

  const settleReached = () => {
    if (cursor === undefined) return;
    const done = reachedWaiters.filter((w) => comparePositions(w.position, cursor!) <= 0);
    reachedWaiters = reachedWaiters.filter((w) => !done.includes(w));
    for (const w of done) w.resolve();
  };

  const run = async () => {
    while (!stopped) {
      const woken = signal.wait();
      const page = await readAll({
        ...(cursor !== undefined && { after: cursor }),
        ...(options.filter && { filter: options.filter }),
        limit: options.batchSize ?? 500,
      });
      if (stopped) return;
      if (page.scannedTo !== undefined) {
        if (page.events.length > 0 || page.scannedTo !== cursor) {
          await handler(page.events, { scannedTo: page.scannedTo });
        }
        cursor = page.scannedTo;
        settleReached();
      }
      if (page.atEnd) await woken;
    }
  };

  const running = run().catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
    for (const w of reachedWaiters) w.resolve();
    reachedWaiters = [];
  });

  return {
    stop: async () => {
      stopped = true;
      signal.notify();
      await running;
    },
    reached: (position) =>
      new Promise<void>((resolve, reject) => {
        if (failure !== undefined) return reject(failure);
        if (cursor !== undefined && comparePositions(position, cursor) <= 0) return resolve();
        reachedWaiters.push({
          position,
          resolve: () => (failure !== undefined ? reject(failure) : resolve()),
        });
      }),
  };
};
