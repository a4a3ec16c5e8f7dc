import type { EachBatchHandler, EachBatchPayload } from 'kafkajs';
import type { EventFilter } from '../../../domain/shared/eventFilter.js';
import { matchesFilter } from '../../../domain/shared/eventFilter.js';
import type { FeedHandler } from '../port.js';
import { fencingError } from './kafkaErrors.js';
import { fromMessage } from './messages.js';
import type { KafkaLog } from './options.js';

export type BatchTiming = {
  /** How often a member whose handler is busy tells the coordinator it is alive. */
  heartbeatEveryMs: number;
  /** The pause before a failed batch is tried again, doubled at each failure up to the most. */
  firstRetryMs: number;
  mostRetryMs: number;
};

/**
 * The client sends a heartbeat only once its interval (3 s) has passed since the last, however
 * often asked; a member without one for the session timeout (30 s) is dropped from its group.
 */
export const BATCH_TIMING: BatchTiming = {
  heartbeatEveryMs: 1000,
  firstRetryMs: 1000,
  mostRetryMs: 30_000,
};

export type Outcome = { ok: true } | { ok: false; error: unknown };

/** The handler's outcome, never a rejection, however it failed (even before returning). */
const settle = (run: () => Promise<void>): Promise<Outcome> =>
  Promise.resolve()
    .then(run)
    .then(
      () => ({ ok: true }),
      (error: unknown) => ({ ok: false, error }),
    );

const pause = (ms: number): Promise<Outcome> =>
  new Promise((resolve) => setTimeout(() => resolve({ ok: true }), ms));

/**
 * Waits for `work`, sending heartbeats meanwhile so that the group keeps this member. A heartbeat
 * answered with a rebalance, or with this member unknown, is thrown: the member must rejoin, and
 * only the client's consumer loop can, once this batch has returned. Other heartbeat failures
 * (the coordinator moving, a connection dropped) are left to the next heartbeat.
 */
const heartbeatingUntil = async (
  payload: EachBatchPayload,
  work: Promise<Outcome>,
  timing: BatchTiming,
  log: KafkaLog,
): Promise<Outcome> => {
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const tick = new Promise<'tick'>((resolve) => {
      timer = setTimeout(() => resolve('tick'), timing.heartbeatEveryMs);
    });
    const outcome = await Promise.race([work, tick]);
    clearTimeout(timer);
    if (outcome !== 'tick') return outcome;
    // A stopping consumer waits for its batch; the group learns of it when it leaves.
    if (!payload.isRunning()) continue;
    try {
      await payload.heartbeat();
    } catch (error) {
      const fenced = fencingError(error);
      if (fenced) throw fenced;
      log('warn', 'a heartbeat failed; trying again', { error: String(error) });
    }
  }
};

export type BatchHandlerDeps = {
  filter: EventFilter;
  handler: FeedHandler;
  log: KafkaLog;
  timing: BatchTiming;
  /**
   * Attempts left running when their member had to rejoin its group, by partition: the handler
   * cannot be called off, and a later batch of the partition waits for it, so that this process
   * never handles a partition's events twice at once. Stopping the consumer waits for them too.
   */
  abandoned: Map<string, Promise<Outcome>>;
};

/**
 * Calls the handler until it succeeds, heartbeating throughout, with a growing pause between
 * tries. False when the batch is no longer this member's to finish (the consumer stops, or the
 * partition was sought elsewhere): it stays unfinished and is handed out again.
 */
const handleUntilDone = async (
  payload: EachBatchPayload,
  partition: string,
  run: () => Promise<void>,
  deps: BatchHandlerDeps,
): Promise<boolean> => {
  const { timing, log } = deps;
  for (let retryMs = timing.firstRetryMs; ; retryMs = Math.min(retryMs * 2, timing.mostRetryMs)) {
    const attempt = settle(run);
    let outcome: Outcome;
    try {
      outcome = await heartbeatingUntil(payload, attempt, timing, log);
    } catch (error) {
      deps.abandoned.set(partition, attempt);
      void attempt.then(() => {
        if (deps.abandoned.get(partition) === attempt) deps.abandoned.delete(partition);
      });
      throw error;
    }
    if (outcome.ok) return true;
    if (!payload.isRunning() || payload.isStale()) return false;
    log('error', 'a batch could not be handled; trying it again', {
      partition,
      offset: payload.batch.firstOffset(),
      retryMs,
      error: String(outcome.error),
    });
    await heartbeatingUntil(payload, pause(retryMs), timing, log);
    if (!payload.isRunning() || payload.isStale()) return false;
  }
};

/**
 * One batch of a partition: its events that pass the filter go to the handler, and only once the
 * handler has returned is the group's offset committed past the batch. A commit the broker
 * refuses because the group moved on (a fenced member's) is thrown as the broker's error, which
 * makes the client rejoin the group rather than crash the consumer.
 */
export const batchHandler =
  (deps: BatchHandlerDeps): EachBatchHandler =>
  async (payload) => {
    const { batch } = payload;
    const partition = `${batch.topic}:${batch.partition}`;
    const earlier = deps.abandoned.get(partition);
    if (earlier) await heartbeatingUntil(payload, earlier, deps.timing, deps.log);
    if (!payload.isRunning() || payload.isStale() || batch.messages.length === 0) return;
    const events = batch.messages
      .map(fromMessage)
      .filter((event) => matchesFilter(deps.filter, event));
    if (
      events.length > 0 &&
      !(await handleUntilDone(payload, partition, () => deps.handler(events), deps))
    )
      return;
    const last = batch.messages[batch.messages.length - 1]!.offset;
    payload.resolveOffset(last);
    try {
      // The committed offset is the next message to read.
      await payload.commitOffsetsIfNecessary({
        topics: [
          {
            topic: batch.topic,
            partitions: [{ partition: batch.partition, offset: (BigInt(last) + 1n).toString() }],
          },
        ],
      });
    } catch (error) {
      throw fencingError(error) ?? error;
    }
  };
