import type { Position } from '../../domain/shared/envelope.js';
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

/**
 * What one append wrote: where the log ended before it, where it ends now, and what it holds.
 * `unknown` news (a stop, a write from elsewhere) says only that something changed.
 */
export type AppendNews =
  | {
      unknown: false;
      before: Position | undefined;
      last: Position;
      events: ReadonlyArray<{ type: string; stream: string }>;
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
 * Where the cursor may move without reading: when the news since the cursor is complete (each
 * append starting where the one before ended) and none of it matches the filter.
 */
const skippable = (
  news: readonly AppendNews[],
  cursor: Position | undefined,
  filter: EventFilter | undefined,
): Position | undefined => {
  let at = cursor;
  for (const item of news) {
    if (item.unknown) return undefined;
    // News of appends the last read already covered.
    if (at !== undefined && comparePositions(item.last, at) <= 0) continue;
    if (item.before !== at) return undefined;
    if (item.events.some((event) => matchesFilter(filter, event))) return undefined;
    at = item.last;
  }
  return at;
};

/**
 * A subscription built from reads of the log: it reads pages until the end, hands them to the
 * handler one at a time (so the handler sees events in order and is never re-entered), then
 * sleeps until the next append. No timer is involved: an append wakes it at once, and an append
 * that holds nothing it wants moves it on without a read.
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
  // Every append since the subscription started is noted here, so no wake-up can fall in a gap.
  let pending: AppendNews[] = [{ unknown: true }];
  let wake: (() => void) | undefined;
  const unlisten = signal.listen((news) => {
    pending.push(news);
    wake?.();
  });

  const settleReached = () => {
    if (cursor === undefined) return;
    const done = reachedWaiters.filter((w) => comparePositions(w.position, cursor!) <= 0);
    reachedWaiters = reachedWaiters.filter((w) => !done.includes(w));
    for (const w of done) w.resolve();
  };

  const run = async () => {
    while (!stopped) {
      if (pending.length === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      const news = pending;
      pending = [];
      const skipTo = skippable(news, cursor, options.filter);
      if (skipTo !== undefined) {
        cursor = skipTo;
        settleReached();
        continue;
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
    }
  };

  const running = run()
    .catch((error: unknown) => {
      failure = error instanceof Error ? error : new Error(String(error));
      for (const w of reachedWaiters) w.resolve();
      reachedWaiters = [];
    })
    .finally(unlisten);

  return {
    stop: async () => {
      stopped = true;
      wake?.();
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
