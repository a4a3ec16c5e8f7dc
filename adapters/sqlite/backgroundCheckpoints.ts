import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from './database.js';
import type { CheckpointInput, FromCheckpointThread } from './checkpointThread.js';

const THREAD = new URL('./checkpointThread.js', import.meta.url);
const EVERY_MS = 250;
/** SQLite's own default: a commit that takes the log past this many pages checkpoints it. */
const AUTOMATIC_PAGES = 1000;
/**
 * Past this many pages of log (16 MiB) the thread also starts the log afresh (see the thread). A
 * log that only grows makes every read of a page look it up in an ever longer index of the log.
 */
export const RESTART_ABOVE_PAGES = 4000;
/**
 * Should writes outrun the thread (its copy of a long log is slow on a busy machine), the commit
 * that takes the log past this many times the thread's line checkpoints it itself, as SQLite does
 * by default: that checkpoint reaches the log's end, so the next commit starts it afresh. The
 * writer pays for the copy only when the thread has fallen that far behind; the log stays bounded.
 */
const WRITER_STEPS_IN_AT = 4;

export type BackgroundCheckpoints = { stop: () => Promise<void> };

/**
 * Moves checkpoints off the connection that writes: by default SQLite copies the log into the
 * database file inside whichever commit passes 1,000 pages of log, and that commit (with the event
 * loop) waits for the copy and its sync. Here a worker thread checkpoints every quarter second
 * instead (every second while the log only trickles). Durability is unchanged: a commit is safe
 * once in the log, checkpointed or not.
 */
export const startBackgroundCheckpoints = (
  db: SqliteDatabase,
  file: string,
  tuning: { everyMs?: number; restartAbovePages?: number } = {},
): BackgroundCheckpoints => {
  const input: CheckpointInput = {
    file,
    everyMs: tuning.everyMs ?? EVERY_MS,
    restartAbove: tuning.restartAbovePages ?? RESTART_ABOVE_PAGES,
  };
  db.pragma(`wal_autocheckpoint = ${input.restartAbove * WRITER_STEPS_IN_AT}`);
  const worker = new Worker(THREAD, { workerData: input });
  const checkpointOnCommit = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOMATIC_PAGES}`);
  };
  // Should the thread fail, commits checkpoint again as SQLite does by default: the log never
  // grows unchecked.
  worker.on('error', checkpointOnCommit);
  // Between two commits (nothing is open on this connection now), copy the little the thread has
  // not, then make the next commit start the log over. Should the thread be checkpointing at this
  // very moment, it asks again after its next round rather than be waited for.
  const restartLog = () => {
    if (!db.open || db.inTransaction) return;
    const wait = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma('busy_timeout = 0');
    try {
      db.pragma('wal_checkpoint(RESTART)');
    } catch {
      // Busy: asked again next round.
    } finally {
      db.pragma(`busy_timeout = ${wait}`);
    }
  };
  let closed: (() => void) | undefined;
  worker.on('message', (message: FromCheckpointThread) => {
    if (message === 'restart') restartLog();
    else closed?.();
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // After the listeners: one for messages takes the reference back, and a thread left running
  // must not keep the process alive.
  worker.unref();
  return {
    stop: async () => {
      // The thread checkpoints once more, closes its connection and says so (or has ended).
      const done = new Promise<void>((resolve) => (closed = resolve));
      // Held open until the thread answers: the caller waits for it.
      worker.ref();
      worker.postMessage('stop');
      await Promise.race([done, exited]);
      await worker.terminate();
      // Back to checkpoints on commit, for whoever goes on writing on this connection.
      checkpointOnCommit();
    },
  };
};
