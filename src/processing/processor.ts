import type {
  EventStore,
  Subscription,
  SubscriptionTrouble,
} from '../../adapters/eventstore/port.js';
import type { EventFeed, FeedCheckpoint, FeedConsumer } from '../../adapters/transport/port.js';
import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';
import type { Logger } from '../logging/logger.js';
import { retrying } from './retrying.js';
import type { WorkerHealth } from './workerHealth.js';

/**
 * Whatever follows the log is a processor: a projection keeping read models, a reactor appending
 * events (the delivery planner, the process notifier), a worker taking up news (the executor), a
 * listener telling this process what just happened (news of due deliveries, instance endings). It
 * takes the events that pass its filter in the log's order, a batch at a time, and its progress is
 * kept in one of three ways:
 * - `kept`: by its name, once its batch is handled (a crash repeats the last stretch: its handler
 *   is idempotent). Reactors on the feed are kept by the feed, per group.
 * - `with_effects`: the handler keeps it itself, in the same write as its effects (a projection's
 *   changes and checkpoint commit together), and says where to follow the log from.
 * - `none`: nothing is kept; each start takes up the log from its end (news for this process).
 */
export type Processor = {
  name: string;
  /** Absent: every event. */
  filter?: EventFilter;
  /** The most events a batch holds, where the processor wants other than the store's default. */
  batchSize?: number;
  /**
   * Handed empty batches too, when the log passed only events it does not want: a projection's
   * checkpoint then covers them. Others are not woken for nothing.
   */
  handlesProgress?: boolean;
  handle: (events: readonly RecordedEvent[], progress: { scannedTo: Position }) => Promise<void>;
};

/** Where a processor on the log starts, and whether its progress is kept (see Processor). */
export type LogProgress = { kind: 'kept'; checkpoint: FeedCheckpoint } | { kind: 'none' };

export type ProcessorDeps = {
  logger: Logger;
  /** Told of each failure of a batch, and of each success (undefined): a projection's status. */
  onOutcome?: (error: unknown) => void;
  /** Told of the processor's failing loops, and of their recovery: the process's readiness. */
  health?: WorkerHealth;
};

/**
 * The processor's outcomes, told to its owner and to the process's health: a batch that keeps
 * failing, or a log or feed that cannot be read, leaves the process not ready until it passes.
 */
const outcomes = (name: string, deps: ProcessorDeps) => {
  let failures = 0;
  return {
    onOutcome: (error: unknown) => {
      deps.onOutcome?.(error);
      if (error === undefined) {
        if (failures > 0) deps.health?.report(name, undefined);
        failures = 0;
        return;
      }
      failures++;
      const cause = error instanceof Error ? error : new Error(JSON.stringify(error));
      deps.health?.report(name, { error: cause, failures });
    },
    onTrouble: (trouble: SubscriptionTrouble | undefined) => deps.health?.report(name, trouble),
    /** A processor that stops is no longer failing: the process's readiness forgets it. */
    stopped: () => deps.health?.report(name, undefined),
  };
};

/**
 * Follows the log after `after` (from its start when absent) with a processor that keeps its
 * progress with its effects. A batch that fails is tried again, whole, until it passes or the
 * processor stops: skipping it would lose its effects. Nothing after it is handled meanwhile.
 */
export const followLog = (
  eventStore: Pick<EventStore, 'subscribe'>,
  processor: Processor,
  after: Position | undefined,
  deps: ProcessorDeps,
  afterBatch: (scannedTo: Position) => Promise<void> = () => Promise.resolve(),
): Subscription => {
  const told = outcomes(processor.name, deps);
  const attempt = retrying(processor.name, deps.logger, told.onOutcome);
  const subscription = eventStore.subscribe(
    {
      onTrouble: told.onTrouble,
      ...(after && { after }),
      ...(processor.filter && { filter: processor.filter }),
      ...(processor.batchSize && { batchSize: processor.batchSize }),
    },
    async (events, scanned) => {
      if (events.length > 0 || processor.handlesProgress)
        await attempt.run(events, () => processor.handle(events, scanned));
      await afterBatch(scanned.scannedTo);
    },
  );
  return {
    ...subscription,
    stop: async () => {
      attempt.stop();
      await subscription.stop();
      told.stopped();
    },
  };
};

/**
 * Runs a processor on the log itself, from its kept checkpoint, or (nothing kept) from the log's
 * end as it stands now.
 */
export const runOnLog = async (
  eventStore: Pick<EventStore, 'subscribe' | 'headPosition'>,
  processor: Processor,
  progress: LogProgress,
  deps: ProcessorDeps,
): Promise<Subscription> => {
  if (progress.kind === 'none')
    return followLog(eventStore, processor, await eventStore.headPosition(), deps);
  const { checkpoint } = progress;
  const subscription = followLog(eventStore, processor, await checkpoint.load(), deps, (at) =>
    checkpoint.save(at),
  );
  return {
    ...subscription,
    stop: async () => {
      await subscription.stop();
      await checkpoint.flush();
    },
  };
};

/**
 * Runs a reactor on the feed: of the processes running it, one takes each event (in the order of
 * its key), and the feed keeps the group's progress. Embedded, the feed is the local log;
 * distributed, the topic the relay fills.
 */
export const runOnFeed = async (
  feed: EventFeed,
  processor: Processor,
  deps: ProcessorDeps,
  options: { firstFrom?: 'start' | 'end' } = {},
): Promise<FeedConsumer> => {
  const told = outcomes(processor.name, deps);
  const attempt = retrying(processor.name, deps.logger, told.onOutcome);
  const consumer = await feed.consume(
    processor.name,
    processor.filter ?? {},
    (events) =>
      attempt.run(events, () =>
        processor.handle(events, { scannedTo: events[events.length - 1]!.position }),
      ),
    { ...options, onTrouble: told.onTrouble },
  );
  return {
    stop: async () => {
      attempt.stop();
      await consumer.stop();
      told.stopped();
    },
  };
};
