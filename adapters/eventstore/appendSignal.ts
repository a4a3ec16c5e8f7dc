import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';

/**
 * What one append wrote: where the log ended before it, where it ends now, and what it holds (all
 * of it; news of a read of the log holds at least what every listener's filter passes).
 * `unknown` news (a stop, a write from elsewhere) says only that something changed.
 */
export type AppendNews =
  | {
      unknown: false;
      before: Position | undefined;
      last: Position;
      events: readonly RecordedEvent[];
      /**
       * A read of the log for the listeners that had joined by then (see `wanted`): one that
       * joined later is told only that something changed, as its filter may not have been read.
       */
      readFor?: number;
    }
  | { unknown: true };

/** Tells listeners, synchronously, of every append as it commits. */
export type AppendSignal = {
  /** `filter`: the events the listener wants of the news; it may be told of others too. */
  listen: (listener: (news: AppendNews) => void, filter?: EventFilter) => () => void;
  notify: (news: AppendNews) => void;
  /** How many listen now. */
  listeners: () => number;
  /**
   * The filters of those listening (undefined when one of them wants every event), and how many
   * have joined so far: news of a read for these filters carries it as `readFor`.
   */
  wanted: () => { filters: EventFilter[] | undefined; joined: number };
  /**
   * Whether news that carries on from `at` is on its way (a read of the log by the store, for
   * all its subscriptions): a subscription there waits for it rather than read the log itself.
   */
  coming: (at: Position | undefined) => boolean;
};

type Listening = { filter: EventFilter | undefined; joined: number };

const UNKNOWN: AppendNews = { unknown: true };

export const appendSignal = (): AppendSignal => {
  const listeners = new Map<(news: AppendNews) => void, Listening>();
  let joined = 0;
  return {
    listen: (listener, filter) => {
      listeners.set(listener, { filter, joined: ++joined });
      return () => listeners.delete(listener);
    },
    notify: (news) => {
      for (const [listener, listening] of listeners) {
        const readBefore =
          !news.unknown && news.readFor !== undefined && listening.joined > news.readFor;
        listener(readBefore ? UNKNOWN : news);
      }
    },
    listeners: () => listeners.size,
    wanted: () => {
      const filters = [...listeners.values()].map((listening) => listening.filter);
      return {
        filters: filters.every((filter) => filter !== undefined) ? filters : undefined,
        joined,
      };
    },
    coming: () => false,
  };
};
