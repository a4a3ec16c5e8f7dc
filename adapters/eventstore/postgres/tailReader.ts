import type { Position } from '../../../domain/shared/envelope.js';
import { comparePositions } from '../../../domain/shared/envelope.js';
import type { EventFilter } from '../../../domain/shared/eventFilter.js';
import type { ReadAllPage } from '../port.js';
import type { AppendSignal } from '../pullSubscription.js';

/** Events read at a time from the tail of the log. */
const TAIL_PAGE = 500;

export type TailReader = {
  /** Appends were made elsewhere (or may have been): read them, once, for every subscription. */
  othersAppended: () => void;
  /** This process appended from `before` to `last`, and told its subscriptions with the events. */
  appended: (before: Position | undefined, last: Position) => void;
};

/**
 * The appends of other processes, read once for all the subscriptions of this process and told to
 * them as news with their events, as its own appends are. Without it, every subscription of every
 * process would read the log after every append anywhere: the reads of a deployment would grow
 * with its processes times their subscriptions. A subscription that is behind, or news that does
 * not follow on from where it stands, still has it read the log itself.
 *
 * One read at a time: appends announced during a read are read after it, together.
 */
export const tailReader = (
  readTail: (
    after: Position | undefined,
    filters: readonly EventFilter[] | undefined,
    limit: number,
  ) => Promise<ReadAllPage>,
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

  const readOnce = async () => {
    reading = true;
    try {
      do {
        again = false;
        // Nobody listens: nothing to read. The next subscription reads from its own cursor.
        if (signal.listeners() === 0) {
          tracking = false;
          return;
        }
        if (!tracking) {
          const head = await headOf();
          told = head;
          tracking = true;
          // What came meanwhile, each subscription reads for itself, once.
          signal.notify({ unknown: true });
          continue;
        }
        const from = told;
        // Only what some subscription here wants: each is told of every event it wants. One
        // that joins during the read is told only that something changed.
        const { filters, joined } = signal.wanted();
        const page = await readTail(from, filters, TAIL_PAGE);
        const to = page.scannedTo;
        if (to !== undefined && (from === undefined || comparePositions(to, from) > 0)) {
          const events = page.events;
          signal.notify({ unknown: false, before: from, last: to, events, readFor: joined });
          if (told === undefined || comparePositions(to, told) > 0) told = to;
        }
        if (!page.atEnd) again = true;
      } while (again);
    } catch {
      // The subscriptions read the log themselves, each after its own pause if it fails too.
      signal.notify({ unknown: true });
    } finally {
      reading = false;
    }
  };

  // A subscription standing at or after where the next read starts is told by it.
  signal.coming = (at) =>
    reading &&
    tracking &&
    (told === undefined || (at !== undefined && comparePositions(told, at) <= 0));

  return {
    othersAppended: () => {
      if (reading) again = true;
      else void readOnce();
    },
    appended: (before, last) => {
      if (!tracking) return;
      if (before === told) told = last;
      // Appends of others came between: they are read, and told, after it.
      else if (told === undefined || comparePositions(last, told) > 0) {
        if (reading) again = true;
        else void readOnce();
      }
    },
  };
};
