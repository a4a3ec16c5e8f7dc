import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';
import { matchesFilter } from '../../domain/shared/eventFilter.js';
import type {
  ReadAllOptions,
  ReadAllPage,
  SubscribeOptions,
  Subscription,
  SubscriptionHandler,
} from './port.js';
import { troublePause } from './troublePause.js';

/**
 * What one append wrote: where the log ended before it, where it ends now, and what it holds.
 * `unknown` news (a stop, a write from elsewhere) says only that something changed.
 */
export type AppendNews =
  | {
      unknown: false;
      before: Position | undefined;
      last: Position;
      events: readonly RecordedEvent[];
    }
  | { unknown: true };

/** Tells listeners, synchronously, of every append as it commits. */
export type AppendSignal = {
  listen: (listener: (news: AppendNews) => void) => () => void;
  notify: (news: AppendNews) => void;
};

export const appendSignal = (): AppendSignal => {
  const listeners = new Set<(news: AppendNews) => void>();
  return {
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: (news) => {
      for (const listener of listeners) listener(news);
    },
  };
};

/**
 * What the news since the cursor holds for this subscription, when the news is complete (each
 * append starting where the one before ended): the events it wants and where that leaves it. The
 * events come from the appends themselves, so the log is not read again.
 */
const fromNews = (
  news: readonly AppendNews[],
  cursor: Position | undefined,
  filter: EventFilter | undefined,
): { to: Position | undefined; events: RecordedEvent[] } | undefined => {
  let at = cursor;
  const events: RecordedEvent[] = [];
  for (const item of news) {
    if (item.unknown) return undefined;
    // News of appends the last read already covered.
    if (at !== undefined && comparePositions(item.last, at) <= 0) continue;
    if (item.before !== at) return undefined;
    for (const event of item.events) if (matchesFilter(filter, event)) events.push(event);
    at = item.last;
  }
  return { to: at, events };
};

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
  // Every append since the subscription started is noted here, so no wake-up can fall in a gap.
  let pending: AppendNews[] = [{ unknown: true }];
  let wake: (() => void) | undefined;
  const unlisten = signal.listen((news) => {
    pending.push(news);
    // Woken once: a group commit brings many appends in one go, and resolving a promise already
    // resolved takes V8's slow path each time.
    const sleeping = wake;
    wake = undefined;
    sleeping?.();
  });

  const settleReached = () => waiters.settle(cursor);

  /** One turn: what is pending, from the news itself or read from the log. */
  const turn = async () => {
    const news = pending;
    pending = [];
    const known = fromNews(news, cursor, options.filter);
    if (known) {
      if (known.to !== undefined && known.to !== cursor) {
        // Called with no events too: the handler's progress passes the events it did not want.
        await handler(known.events, { scannedTo: known.to });
        if (stopped) return;
        cursor = known.to;
        settleReached();
      }
      return;
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
    if (!page.atEnd) pending.unshift({ unknown: true });
  };

  const pause = troublePause(options.onTrouble);

  const run = async () => {
    while (!stopped) {
      if (pending.length === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      try {
        await turn();
        pause.succeeded();
      } catch (error) {
        if (stopped) return;
        // Taken again from the cursor: news meanwhile stays pending.
        pending.unshift({ unknown: true });
        await pause.failed(error);
      }
    }
  };

  const running = run()
    .catch((error: unknown) => waiters.fail(error))
    .finally(unlisten);

  return {
    at: () => cursor,
    stop: async () => {
      stopped = true;
      wake?.();
      pause.interrupt();
      await running;
    },
    reached: (position) => waiters.wait(position, cursor),
  };
};
