import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';

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
