import type { Position } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type {
  ReadAllOptions,
  ReadAllPage,
  SubscribeOptions,
  Subscription,
  SubscriptionHandler,
} from './port.js';
import type { AppendSignal } from './appendSignal.js';
import { fromNews, newsInbox } from './newsInbox.js';
import { troublePause } from './troublePause.js';

export type { AppendNews, AppendSignal } from './appendSignal.js';
export { appendSignal } from './appendSignal.js';

/** Those waiting for the subscription to reach a position; all told at once if it ends failing. */
const positionWaiters = () => {
  let waiting: Array<{ position: Position; resolve: () => void }> = [];
  let failure: Error | undefined;
  return {
    settle: (cursor: Position | undefined) => {
      if (cursor === undefined) return;
      const done = waiting.filter((w) => comparePositions(w.position, cursor) <= 0);
      waiting = waiting.filter((w) => !done.includes(w));
      for (const w of done) w.resolve();
    },
    fail: (error: unknown) => {
      failure = error instanceof Error ? error : new Error(String(error));
      for (const w of waiting) w.resolve();
      waiting = [];
    },
    wait: (position: Position, cursor: Position | undefined) =>
      new Promise<void>((resolve, reject) => {
        if (failure !== undefined) return reject(failure);
        if (cursor !== undefined && comparePositions(position, cursor) <= 0) return resolve();
        waiting.push({
          position,
          resolve: () => (failure !== undefined ? reject(failure) : resolve()),
        });
      }),
  };
};

/**
 * A subscription built from reads of the log: it reads pages until the end, hands them to the
 * handler one at a time (so the handler sees events in order and is never re-entered), then
 * sleeps until the next append. No timer is involved: an append wakes it at once and hands it
 * its events, so that a subscription that keeps up never reads the log.
 */
export const pullSubscription = (
  readAll: (options: ReadAllOptions) => Promise<ReadAllPage>,
  signal: AppendSignal,
  options: SubscribeOptions,
  handler: SubscriptionHandler,
): Subscription => {
  let cursor: Position | undefined = options.after;
  let stopped = false;
  const waiters = positionWaiters();
  const inbox = newsInbox(signal, options.filter);

  const settleReached = () => waiters.settle(cursor);

  /** One turn: what is pending, from the news itself or read from the log. */
  const turn = async () => {
    const known = fromNews(inbox.take(), cursor, options.filter);
    if (known) {
      if (known.to !== undefined && known.to !== cursor) {
        // Called with no events too: the handler's progress passes the events it did not want.
        await handler(known.events, { scannedTo: known.to });
        if (stopped) return;
        cursor = known.to;
        settleReached();
      }
      if (known.after.length === 0) return;
      // A gap before the rest: the store's own read fills it soon, else this one reads.
      if (signal.coming(cursor)) return inbox.waitForGap(known.after);
    }
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
    // A full page: read on. News of appends during the read stay pending for the next turn.
    if (!page.atEnd) inbox.readNext();
  };

  const pause = troublePause(options.onTrouble);

  const run = async () => {
    while (!stopped) {
      if (!inbox.hasWork()) {
        await inbox.waitForWork();
        continue;
      }
      try {
        await turn();
        pause.succeeded();
      } catch (error) {
        if (stopped) return;
        // Taken again from the cursor: news meanwhile stays pending.
        inbox.readNext();
        await pause.failed(error);
      }
    }
  };

  const running = run()
    .catch((error: unknown) => waiters.fail(error))
    .finally(inbox.close);

  return {
    at: () => cursor,
    stop: async () => {
      stopped = true;
      inbox.interrupt();
      pause.interrupt();
      await running;
    },
    reached: (position) => waiters.wait(position, cursor),
  };
};
