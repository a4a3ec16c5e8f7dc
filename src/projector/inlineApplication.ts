import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { matchesFilter } from '../../domain/shared/eventFilter.js';
import type { Mutex } from './mutex.js';
import type { ProjectionRun, Projecting } from './projectionRun.js';
import {
  IDLE_CHECKPOINT_EVERY_MS,
  follow,
  messageOf,
  saveLater,
  settleWaiters,
} from './projectionRun.js';

type ApplyInTransaction = NonNullable<ReadStore['applyInTransaction']>;

/**
 * A projection whose follower has handed over everything before this append takes over here:
 * from then on it is applied inside each append's transaction. False while it is not its turn.
 */
const takeOver = (run: ProjectionRun, before: Position | undefined): boolean => {
  if (run.inline) return true;
  const subscription = run.subscription;
  // The subscription's position passes events it did not want without calling the handler.
  if (!subscription || subscription.at() !== before) return false;
  run.appliedTo = before;
  run.inline = true;
  run.subscription = undefined;
  void subscription.stop();
  return true;
};

/**
 * The projection's writes rolled back with their savepoint; the append itself goes on. The
 * projection follows the log again from where it stood, retrying as any failing batch does, once
 * this transaction has ended.
 */
const fallBack = (p: Projecting, run: ProjectionRun, error: unknown) => {
  run.status = 'failing';
  run.lastError = messageOf(error);
  p.logger.error({ err: error, projection: run.projection.name }, 'projection batch failed');
  run.inline = false;
  queueMicrotask(() => {
    if (!p.stopping && !run.inline && !run.subscription) follow(p, run);
  });
};

/** Applies an append's events to the projection, inside the append's transaction. */
export const applyInline = (
  p: Projecting,
  apply: ApplyInTransaction,
  run: ProjectionRun,
  events: readonly RecordedEvent[],
  before: Position | undefined,
) => {
  if (p.stopping || run.held || !takeOver(run, before)) return;
  const last = events[events.length - 1]!.position;
  const wanted = events.filter((event) => matchesFilter(run.projection.filter, event));
  try {
    if (wanted.length > 0 || performance.now() - run.savedAt >= IDLE_CHECKPOINT_EVERY_MS) {
      const changes = wanted.flatMap((event) => run.projection.project(event));
      apply(run.projection.name, changes, last);
      run.savedAt = performance.now();
    } else saveLater(p, run);
  } catch (error) {
    fallBack(p, run, error);
    return;
  }
  run.appliedTo = last;
  if (run.status === 'failing') run.status = 'live';
  run.lastError = null;
  settleWaiters(run);
};

/** While a rebuild swaps the tables, the projection follows the log, held by the lock. */
export const holding = (p: Projecting, run: ProjectionRun): Mutex => ({
  run: (task) =>
    run.lock.run(async () => {
      run.held = true;
      if (run.inline) follow(p, run);
      try {
        return await task();
      } finally {
        run.held = false;
      }
    }),
});
