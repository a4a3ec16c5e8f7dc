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
    }
  | { unknown: true };

/** Tells listeners, synchronously, of every append as it commits. */
export type AppendSignal = {
  /** `filter`: the events the listener wants of the news; it may be told of others too. */
  listen: (listener: (news: AppendNews) => void, filter?: EventFilter) => () => void;
  notify: (news: AppendNews) => void;
  /** How many listen now. */
  listeners: () => number;
  /** The filters of those listening; undefined when one of them wants every event. */
  wanted: () => EventFilter[] | undefined;
  /**
   * Whether news that carries on from `at` is on its way (a read of the log by the store, for
   * all its subscriptions): a subscription there waits for it rather than read the log itself.
   */
  coming: (at: Position | undefined) => boolean;
};

export const appendSignal = (): AppendSignal => {
  const listeners = new Map<(news: AppendNews) => void, EventFilter | undefined>();
  return {
    listen: (listener, filter) => {
      listeners.set(listener, filter);
      return () => listeners.delete(listener);
    },
    notify: (news) => {
      for (const listener of listeners.keys()) listener(news);
    },
    listeners: () => listeners.size,
    wanted: () => {
      const filters = [...listeners.values()];
      return filters.every((filter) => filter !== undefined) ? filters : undefined;
    },
    coming: () => false,
  };
};
