import { isRight } from 'fp-ts/lib/Either.js';
import type { Position } from '../../../domain/shared/envelope.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { writeTransaction } from '../../sqlite/database.js';
import type { EventStore, InTransactionListener } from '../port.js';
import type { AppendSignal } from '../pullSubscription.js';
import type { AppendOutcome, AppendRequest } from './streamAppends.js';
import { streamAppends } from './streamAppends.js';

/** An append waiting for its group to commit, with the caller to tell of it. */
type Queued = AppendRequest & {
  resolve: (result: AppendOutcome) => void;
  reject: (error: Error) => void;
};

/** What a committed group wrote: where the log ended before it, and each append's outcome. */
type CommittedGroup = { before: Position | undefined; results: AppendOutcome[] };

export type GroupCommitOptions = {
  now: () => Date;
  signal: AppendSignal;
  /** The log's last position, undefined while it is empty. */
  headPosition: () => Position | undefined;
  inTransactionListeners: ReadonlySet<InTransactionListener>;
};

/**
 * Group commit: the appends asked for in one turn of the event loop are written together at its
 * end, in one transaction, each with its own revision check, so that concurrent commands share
 * the cost of a commit (a commit writes every page it touched to the WAL, and pages such as the
 * ends of indexes are shared). What listens inside the transaction hears of the whole group's
 * events at once. Each caller hears of its append once the whole group is committed.
 */
const groupTransaction = (
  db: SqliteDatabase,
  append: (request: AppendRequest) => AppendOutcome,
  headPosition: () => Position | undefined,
  inTransactionListeners: ReadonlySet<InTransactionListener>,
) =>
  writeTransaction(db, (group: readonly Queued[]): CommittedGroup => {
    const before = headPosition();
    const results = group.map(append);
    const recorded = results.flatMap((result) => (isRight(result) ? result.right.events : []));
    if (recorded.length > 0) {
      for (const listener of inTransactionListeners) listener(recorded, before);
    }
    return { before, results };
  });

/** Tells each caller of its append, and subscribers of each append the group wrote. */
const announceCommitted = (
  group: readonly Queued[],
  committed: CommittedGroup,
  remember: (stream: string, revision: number) => void,
  signal: AppendSignal,
) => {
  // Each append follows the one before it in the log: subscribers take its events as they are.
  let before = committed.before;
  committed.results.forEach((result, i) => {
    const item = group[i]!;
    if (isRight(result)) {
      const appended = result.right;
      remember(item.stream, appended.nextExpectedRevision);
      signal.notify({ unknown: false, before, last: appended.position, events: appended.events });
      before = appended.position;
    }
    item.resolve(result);
  });
};

/** The store's appends: queued for the end of the turn, then committed as one group. */
export const groupCommitAppends = (
  db: SqliteDatabase,
  options: GroupCommitOptions,
): EventStore['append'] => {
  const appends = streamAppends(db, options.now);
  const commitGroup = groupTransaction(
    db,
    appends.append,
    options.headPosition,
    options.inTransactionListeners,
  );
  let queued: Queued[] = [];

  const commitQueued = () => {
    const group = queued;
    queued = [];
    let committed: CommittedGroup;
    try {
      committed = commitGroup(group);
    } catch (error) {
      for (const item of group)
        item.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    announceCommitted(group, committed, appends.committed, options.signal);
  };

  return (stream, events, expected) => {
    if (events.length === 0)
      return Promise.reject(new Error('An append needs at least one event.'));
    return new Promise((resolve, reject) => {
      queued.push({ stream, events, expected, resolve, reject });
      // Every append asked for in this turn of the event loop waits for its end, and they
      // commit together.
      if (queued.length === 1) setImmediate(commitQueued);
    });
  };
};
