import type { Position } from '../../../domain/shared/envelope.js';
import { comparePositions } from '../../../domain/shared/envelope.js';
import type { EventFilter } from '../../../domain/shared/eventFilter.js';
import type { ReadAllPage } from '../port.js';
import type { AppendSignal } from '../pullSubscription.js';
import type { AppendNotice } from './appendNotices.js';

/** Events read at a time from the tail of the log. */
const TAIL_PAGE = 500;
/** Events of notices held while a read is under way, at most: past it, they are read instead. */
const MAX_HELD_EVENTS = 5_000;
/**
 * How long a notice that came before an earlier one waits for it. Notices are sent after their
 * commits, each process on its own connection, so one may overtake another by a moment; a read of
 * the log for each would cost the database a statement per overtaking.
 */
const OVERTAKEN_WAIT_MS = 50;

export type TailReader = {
  /**
   * Appends were made elsewhere: told by their notice, or (none) may have been. A notice that
   * carries its events and follows on from what was told is told as it is; anything else is read.
   */
  othersAppended: (notice?: AppendNotice) => void;
  /** This process appended from `before` to `last`, and told its subscriptions with the events. */
  appended: (before: Position | undefined, last: Position) => void;
};

const laterOf = (a: Position | undefined, b: Position) =>
  a === undefined || comparePositions(b, a) > 0 ? b : a;

/**
 * A stretch told, or to tell: a notice of another process with its events, or (`own`) one of this
 * process's appends, which its subscriptions were told of as it committed.
 */
type Stretch = AppendNotice & { own?: true };

/**
 * Notices with their events that came during a read, or before an earlier one, to be taken in
 * order once what comes before them is told.
 */
const heldNotices = () => {
  let held: Stretch[] = [];
  let events = 0;
  return {
    /** False when the notice cannot be held (no events, or too many held): it is read instead. */
    hold: (notice: Stretch | undefined): boolean => {
      if (!notice?.events || events + notice.events.length > MAX_HELD_EVENTS) return false;
      held.push(notice);
      events += notice.events.length;
      return true;
    },
    any: () => held.length > 0,
    takeAll: (): Stretch[] => {
      const all = held.sort((a, b) => comparePositions(a.last, b.last));
      held = [];
      events = 0;
      return all;
    },
  };
};

/**
 * Stretches that came before an earlier one, held a moment for it: taken in order once it has
 * come, else read (`readNow`). One wait at a time, for all of them.
 */
const overtakenWait = (held: ReturnType<typeof heldNotices>, readNow: () => void) => {
  let timer: NodeJS.Timeout | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    /** False when the stretch cannot be held: it is read instead. */
    hold: (stretch: Stretch): boolean => {
      if (!held.hold(stretch)) return false;
      timer ??= setTimeout(() => {
        timer = undefined;
        readNow();
      }, OVERTAKEN_WAIT_MS);
      return true;
    },
    waiting: () => timer !== undefined,
    /** Takes, in order, what now follows on (`take` says); the rest waits on. */
    takeFollowing: (take: (stretch: Stretch) => boolean) => {
      if (!held.any()) return;
      const waiting = held.takeAll();
      let i = 0;
      while (i < waiting.length && take(waiting[i]!)) i++;
      for (const stretch of waiting.slice(i)) held.hold(stretch);
      if (!held.any()) cancel();
    },
    cancel,
  };
};

/** How far the log is known committed: a read goes that far without asking for the head. */
const knownCommits = () => {
  let known: Position | undefined;
  /** A wake without a notice: the next read asks for the head. */
  let headUnknown = false;
  return {
    committed: (at: Position) => {
      known = laterOf(known, at);
    },
    woken: () => {
      headUnknown = true;
    },
    /** Where the next read from `from` ends; undefined: at the head, which it asks for. */
    boundFrom: (from: Position | undefined) => {
      const bound =
        !headUnknown &&
        known !== undefined &&
        (from === undefined || comparePositions(known, from) > 0)
          ? known
          : undefined;
      headUnknown = false;
      return bound;
    },
  };
};

/** A stretch told as news, unless it is this process's own (its subscriptions were told of it). */
const tell = (signal: AppendSignal, stretch: Stretch) => {
  if (stretch.own) return;
  const { before, last, events } = stretch;
  signal.notify({ unknown: false, before, last, events: events! });
};

/** A notice to a process told the log up to `told`: told already, news as it is, or to read. */
const noticeAgainst = (notice: AppendNotice, told: Position | undefined) => {
  if (told !== undefined && comparePositions(notice.last, told) <= 0) return 'told';
  const follows =
    notice.before === undefined ||
    (told !== undefined && comparePositions(notice.before, told) <= 0);
  return notice.events && follows ? 'news' : 'read';
};

type ReadTail = (
  after: Position | undefined,
  filters: readonly EventFilter[] | undefined,
  limit: number,
  head: Position | undefined,
) => Promise<ReadAllPage>;

/**
 * Reads the log on from `from` (as far as `bound`, or the head), only what some subscription here
 * wants, and tells it: each is told of every event it wants. One that joins during the read is
 * told only that something changed.
 */
const readStretch = async (
  readTail: ReadTail,
  signal: AppendSignal,
  from: Position | undefined,
  bound: Position | undefined,
): Promise<ReadAllPage> => {
  const { filters, joined } = signal.wanted();
  const page = await readTail(from, filters, TAIL_PAGE, bound);
  const to = page.scannedTo;
  if (to !== undefined && (from === undefined || comparePositions(to, from) > 0))
    signal.notify({ unknown: false, before: from, last: to, events: page.events, readFor: joined });
  return page;
};

/**
 * The appends of other processes, told to the subscriptions of this process as news with their
 * events, as its own appends are. Most come with their events in the notice of the process that
 * made them, and cost no read. The rest (a notice too large to carry them, one that arrives
 * before an earlier one, a wake without a notice) are read once for all the subscriptions, only
 * the events some subscription here wants. Without it, every subscription of every process would
 * read the log after every append anywhere. A subscription that is behind, or news that does not
 * follow on from where it stands, still has it read the log itself.
 *
 * One read at a time: appends announced during a read are taken after it, together.
 */
export const tailReader = (
  readTail: ReadTail,
  headOf: () => Promise<Position | undefined>,
  signal: AppendSignal,
  headAtStart: Position | undefined,
): TailReader => {
  /** The log up to here has been told to the subscriptions (undefined: the log was empty). */
  let told = headAtStart;
  /** Whether `told` is known: not after a spell with nobody listening. */
  let tracking = true;
  let reading = false;
  let again = false;
  const commits = knownCommits();
  const held = heldNotices();

  /** Tells a notice as news if it follows on from `told`; false when it is to be read instead. */
  const take = (notice: Stretch): boolean => {
    const is = noticeAgainst(notice, told);
    if (is === 'news') {
      tell(signal, notice);
      told = notice.last;
    }
    return is !== 'read';
  };
  const overtaken = overtakenWait(held, () => !reading && held.any() && void readOnce());

  const readOnce = async () => {
    overtaken.cancel();
    reading = true;
    try {
      do {
        again = false;
        // Nobody listens: nothing to read. The next subscription reads from its own cursor.
        if (signal.listeners() === 0) {
          tracking = false;
          held.takeAll();
          return;
        }
        if (!tracking) {
          told = await headOf();
          tracking = true;
          // What came meanwhile, each subscription reads for itself, once.
          signal.notify({ unknown: true });
          continue;
        }
        const from = told;
        const page = await readStretch(readTail, signal, from, commits.boundFrom(from));
        if (page.scannedTo !== undefined) told = laterOf(told, page.scannedTo);
        if (!page.atEnd) again = true;
        // The notices held meanwhile, told in order; one that does not follow on is read.
        if (!again && held.any()) again = !held.takeAll().every(take);
      } while (again);
    } catch {
      held.takeAll();
      // The subscriptions read the log themselves, each after its own pause if it fails too.
      signal.notify({ unknown: true });
    } finally {
      reading = false;
    }
  };

  // A subscription standing at or after where the next read starts is told by it, or by the
  // notices waited for.
  signal.coming = (at) =>
    (reading || overtaken.waiting()) &&
    tracking &&
    (told === undefined || (at !== undefined && comparePositions(told, at) <= 0));

  return {
    othersAppended: (notice) => {
      if (notice) commits.committed(notice.last);
      else commits.woken();
      if (reading) {
        if (!held.hold(notice)) again = true;
        return;
      }
      if (notice && tracking && signal.listeners() > 0) {
        // What waited for this one follows it.
        if (take(notice)) return overtaken.takeFollowing(take);
        if (overtaken.hold(notice)) return;
      }
      void readOnce();
    },
    appended: (before, last) => {
      commits.committed(last);
      if (!tracking) return;
      if (before === told) {
        told = last;
        if (!reading) overtaken.takeFollowing(take);
      }
      // Appends of others came between: their notices are waited for a moment (then read), and
      // this one is told after them.
      else if (told === undefined || comparePositions(last, told) > 0) {
        if (reading) again = true;
        else if (!overtaken.hold({ before, last, events: [], own: true })) void readOnce();
      }
    },
  };
};
