import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';
import type { SubscriptionTrouble } from '../eventstore/port.js';

/**
 * Handles a batch of events. It resolves once their effects are recorded; only then is the batch
 * counted as done. A batch whose handler rejects stays unfinished and is handed out again after a
 * pause: by the log feed and the PostgreSQL feed from the group's progress, by Kafka as its client
 * retries. A handler should rather retry what can succeed later itself.
 */
export type FeedHandler = (events: readonly RecordedEvent[]) => Promise<void>;

export type FeedConsumer = {
  /** Resolves once the handler is no longer running; the group's progress so far is kept. */
  stop: () => Promise<void>;
};

/**
 * The transport of events to the workers that act on them. A group is a named kind of worker (the
 * delivery planner, the process executor): each event that passes the filter reaches one member
 * of the group at least once, and events of the same key (one endpoint's deliveries, one
 * instance's steps) reach it in the order of the log. Embedded, it is the tail of the local log;
 * distributed, a topic that consumer groups share.
 */
export type EventFeed = {
  consume: (
    group: string,
    filter: EventFilter,
    handler: FeedHandler,
    options?: ConsumeOptions,
  ) => Promise<FeedConsumer>;
};

export type ConsumeOptions = {
  /**
   * Where a group that has never consumed starts: at the start of the log (the default), or at
   * its end, for a group that takes up what came before in another way.
   */
  firstFrom?: 'start' | 'end';
  /**
   * Told when the group's member fails to read the feed or to keep its progress (it tries again
   * by itself, after a pause), with the failures in a row, and when it succeeds again
   * (undefined).
   */
  onTrouble?: (trouble: SubscriptionTrouble | undefined) => void;
};

/** Where a group of the log feed stands in the log. */
export type FeedCheckpoint = {
  load: () => Promise<Position | undefined>;
  save: (position: Position) => Promise<void>;
  /** Writes progress noted but not yet written (on a clean stop). */
  flush: () => Promise<void>;
};

/** The keyed stream of the log that the distributed mode's relay writes and its workers read. */
export type EventTopic = {
  /** Resolves once every message is stored by the broker; the same message twice is harmless. */
  publish: (messages: ReadonlyArray<{ key: string; event: RecordedEvent }>) => Promise<void>;
  close: () => Promise<void>;
};
