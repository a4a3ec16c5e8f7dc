import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from './database.js';
import type { CheckpointInput } from './checkpointThread.js';

const THREAD = new URL('./checkpointThread.js', import.meta.url);
const EVERY_MS = 250;
/** SQLite's own default: a commit that takes the log past this many pages checkpoints it. */
const AUTOMATIC_PAGES = 1000;

export type BackgroundCheckpoints = { stop: () => Promise<void> };

/**
 * Moves checkpoints off the connection that writes: by default SQLite copies the log into the
 * database file inside whichever commit passes 1,000 pages of log, and that commit (with the event
 * loop) waits for the copy and its sync. Here a worker thread checkpoints every quarter second
 * instead. Durability is unchanged: a commit is safe once in the log, checkpointed or not.
 */
export const startBackgroundCheckpoints = (
  db: SqliteDatabase,
  file: string,
): BackgroundCheckpoints => {
  db.pragma('wal_autocheckpoint = 0');
  const input: CheckpointInput = { file, everyMs: EVERY_MS };
  const worker = new Worker(THREAD, { workerData: input });
  worker.unref();
  const checkpointOnCommit = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOMATIC_PAGES}`);
  };
  // Should the thread fail, commits checkpoint again as SQLite does by default: the log never
  // grows unchecked.
  worker.on('error', checkpointOnCommit);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      // The thread checkpoints once more, closes its connection and says so (or has ended).
      const closed = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage('stop');
      await Promise.race([closed, exited]);
      await worker.terminate();
      // Back to checkpoints on commit, for whoever goes on writing on this connection.
      checkpointOnCommit();
    },
  };
};
