import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';
import { matchesFilter } from '../../domain/shared/eventFilter.js';
import type { AppendNews, AppendSignal } from './appendSignal.js';

/**
 * Events held as news by a subscription whose handler is busy, at most: past it, the news is
 * dropped for a read of the log from the cursor, so that a slow handler holds a bounded part of
 * the log in memory.
 */
const MAX_PENDING_EVENTS = 5_000;

/** How long a subscription waits for news that fills a gap before it reads the log itself. */
const GAP_WAIT_MS = 1_000;

const startsAtOrBefore = (before: Position | undefined, at: Position | undefined) =>
  before === undefined || (at !== undefined && comparePositions(before, at) <= 0);

/**
 * What the news since the cursor holds for this subscription, when no news is unknown: the events
 * it wants and where that leaves it, and whether news beyond a gap is left over (an append whose
 * predecessors are not yet in the news). Each item holds every event from its `before` to its
 * `last` that this subscription wants, so items that overlap (this process's appends, and a read of the tail that covers them)
 * are taken from where the cursor stands, in order. The events come from the appends themselves,
 * or a read of the log made once for all subscriptions, so this one does not read the log.
 */
export const fromNews = (
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

/**
 * The news of appends a subscription has not taken yet, noted as it comes so that no wake-up can
 * fall in a gap; at most MAX_PENDING_EVENTS events of it (past that, a read of the log instead).
 */
export const newsInbox = (signal: AppendSignal, filter: EventFilter | undefined) => {
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
  }, filter);

  /** Waits for news that fills a gap; news that does not come within a bound is read instead. */
  const waitOutGap = async () => {
    let timer: NodeJS.Timeout | undefined;
    const woken = await new Promise<boolean>((resolve) => {
      wake = () => resolve(true);
      timer = setTimeout(() => resolve(false), GAP_WAIT_MS);
    });
    clearTimeout(timer);
    if (!woken && stalled) {
      stalled = false;
      pending.unshift({ unknown: true });
    }
  };

  return {
    /** Everything noted so far, taken out. */
    take: (): AppendNews[] => {
      const news = pending;
      pending = [];
      pendingEvents = 0;
      return news;
    },
    /**
     * News left after a gap, put back to wait for what fills it. News that came since the last
     * take may be what fills it: then there is no waiting.
     */
    waitForGap: (after: readonly AppendNews[]) => {
      const cameMeanwhile = pending.length;
      pending.unshift(...after);
      for (const item of after) pendingEvents += item.unknown ? 0 : item.events.length;
      stalled = cameMeanwhile === 0;
    },
    /** The log is to be read from the cursor at the next turn. */
    readNext: () => {
      pending.unshift({ unknown: true });
    },
    /** Until there is something to do (or `interrupt`). */
    waitForWork: async () => {
      if (stalled) await waitOutGap();
      else if (pending.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    },
    hasWork: () => !stalled && pending.length > 0,
    interrupt: () => wake?.(),
    close: unlisten,
  };
};
