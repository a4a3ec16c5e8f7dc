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
  /** How many listen now. */
  listeners: () => number;
  /**
   * Whether news that carries on from `at` is on its way (a read of the log by the store, for
   * all its subscriptions): a subscription there waits for it rather than read the log itself.
   */
  coming: (at: Position | undefined) => boolean;
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
    listeners: () => listeners.size,
    coming: () => false,
  };
};

/**
 * Events held as news by a subscription whose handler is busy, at most: past it, the news is
 * dropped for a read of the log from the cursor, so that a slow handler holds a bounded part of
 * the log in memory.
 */
const MAX_PENDING_EVENTS = 5_000;

const startsAtOrBefore = (before: Position | undefined, at: Position | undefined) =>
  before === undefined || (at !== undefined && comparePositions(before, at) <= 0);

/**
 * What the news since the cursor holds for this subscription, when no news is unknown: the events
 * it wants and where that leaves it, and whether news beyond a gap is left over (an append whose
 * predecessors are not yet in the news). Each item holds every event from its `before` to its
 * `last`, so items that overlap (this process's appends, and a read of the tail that covers them)
 * are taken from where the cursor stands, in order. The events come from the appends themselves,
 * or a read of the log made once for all subscriptions, so this one does not read the log.
 */
const fromNews = (
  news: readonly AppendNews[],
  cursor: Position | undefined,
  filter: EventFilter | undefined,
): { to: Position | undefined; events: RecordedEvent[]; after: AppendNews[] } | undefined => {
  if (news.some((item) => item.unknown)) return undefined;
  const known = (news as Array<Extract<AppendNews, { unknown: false }>>)
    .slice()
    .sort((a, b) =>
      a.before === undefined
        ? -1
        : b.before === undefined
          ? 1
          : comparePositions(a.before, b.before),
    );
  let at = cursor;
  const events: RecordedEvent[] = [];
  const after: AppendNews[] = [];
  for (const item of known) {
    // News of appends the cursor already passed.
    if (at !== undefined && comparePositions(item.last, at) <= 0) continue;
    if (after.length > 0 || !startsAtOrBefore(item.before, at)) {
      after.push(item);
      continue;
    }
    for (const event of item.events)
      if (
        (at === undefined || comparePositions(event.position, at) > 0) &&
        matchesFilter(filter, event)
      )
        events.push(event);
    at = item.last;
  }
  return { to: at, events, after };
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
  let pendingEvents = 0;
  /** What is pending waits for news that fills a gap before it. */
  let stalled = false;
  let wake: (() => void) | undefined;
  const unlisten = signal.listen((news) => {
    stalled = false;
    pendingEvents += news.unknown ? 0 : news.events.length;
    if (pendingEvents > MAX_PENDING_EVENTS) {
      pending = [{ unknown: true }];
      pendingEvents = 0;
    } else pending.push(news);
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
    pendingEvents = 0;
    const known = fromNews(news, cursor, options.filter);
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
      if (signal.coming(cursor)) {
        pending.unshift(...known.after);
        for (const item of known.after) pendingEvents += item.unknown ? 0 : item.events.length;
        stalled = true;
        return;
      }
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
      if (pending.length === 0 || stalled) {
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
