import type { Either } from 'fp-ts/lib/Either.js';
import type { NewEvent, Position, RecordedEvent } from '../../domain/shared/envelope.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';

/**
 * What an append expects of the stream: that it does not exist yet, that it exists, anything, or
 * that its last event has exactly this revision.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

/** A lost race on a stream: the caller reads again and decides again. */
export type ConcurrencyConflict = {
  kind: 'concurrency_conflict';
  stream: string;
  expected: ExpectedRevision;
  /** -1 when the stream does not exist. */
  actual: number;
};

export type AppendResult = {
  /** Revision of the last event written. */
  nextExpectedRevision: number;
  /** Position of the last event written. */
  position: Position;
  events: RecordedEvent[];
};

export type { EventFilter } from '../../domain/shared/eventFilter.js';

export type ReadAllOptions = {
  /** Exclusive: events strictly after this position. Absent: from the start. */
  after?: Position;
  /**
   * `backward` reads from the end of the log towards its start, newest first (an auditor's "the
   * latest"), from just before `before` when given; `after` is then not read. Default `forward`.
   */
  direction?: 'forward' | 'backward';
  /** Exclusive, reading backward: events strictly before this position. Absent: from the end. */
  before?: Position;
  filter?: EventFilter;
  limit: number;
};

export type ReadAllPage = {
  events: RecordedEvent[];
  /**
   * Where the scan stopped: pass it as `after` (reading backward, as `before`) to continue, even
   * when filters skipped events.
   */
  scannedTo: Position | undefined;
  /** True when the scan reached the end of the log (reading backward, its start). */
  atEnd: boolean;
};

export type SubscriptionHandler = (
  events: RecordedEvent[],
  progress: { scannedTo: Position },
) => Promise<void>;

export type SubscribeOptions = {
  /** Exclusive start: absent means from the start of the log. */
  after?: Position;
  filter?: EventFilter;
  batchSize?: number;
  /**
   * Told when a turn fails (a read of the log, or the handler), with how many have failed in a
   * row, and when a turn succeeds again after failures (undefined). The subscription tries the
   * turn again from where it stands, after a pause that grows with the failures: a store's
   * passing fault never ends it.
   */
  onTrouble?: (trouble: SubscriptionTrouble | undefined) => void;
};

export type SubscriptionTrouble = { error: Error; failures: number };

export type Subscription = {
  /** Resolves once the handler is no longer running and will not be called again. */
  stop: () => Promise<void>;
  /** Resolves when the subscription has handed every event up to `position` to its handler. */
  reached: (position: Position) => Promise<void>;
  /** Where it stands: every event up to here has been handed over (and the handler returned). */
  at: () => Position | undefined;
};

/**
 * Told of each append inside its transaction, before it commits: what it wrote and where the log
 * ended before it. Whatever the listener writes to the same database commits or rolls back with
 * the append; a listener that throws fails the append.
 */
export type InTransactionListener = (
  events: readonly RecordedEvent[],
  before: Position | undefined,
) => void;

export type EventStore = {
  append: (
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ) => Promise<Either<ConcurrencyConflict, AppendResult>>;
  /** A stream's events in revision order, from `fromRevision` (inclusive, default 0). */
  readStream: (
    stream: string,
    options?: { fromRevision?: number; limit?: number },
  ) => Promise<RecordedEvent[]>;
  readAll: (options: ReadAllOptions) => Promise<ReadAllPage>;
  /** Catches up from `after`, then follows the live log in order, woken by appends. */
  subscribe: (options: SubscribeOptions, handler: SubscriptionHandler) => Subscription;
  /** Position of the last event in the log, undefined when it is empty. */
  headPosition: () => Promise<Position | undefined>;
  /**
   * How many events the log holds after `position` (all of them when absent): a lag, say. Exact
   * in the embedded store; a store that keeps no count may stop counting at a cap and answer it
   * (a lower bound).
   */
  countAfter: (position: Position | undefined) => Promise<number>;
  /**
   * Stores whose appends run in a local transaction (the embedded one) offer this, so that read
   * models kept in the same database can change with the log, atomically. Returns a remover.
   */
  inTransaction?: (listener: InTransactionListener) => () => void;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};
