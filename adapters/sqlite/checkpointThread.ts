/**
 * A worker thread that copies the write-ahead log into the database file, on a connection of its
 * own, so that the thread that commits never waits for that copy or for its sync to disk.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

export type CheckpointInput = { file: string; everyMs: number };

const { file, everyMs } = workerData as CheckpointInput;
const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
// This connection only checkpoints: it must not also checkpoint on its own commits (it has none).
db.pragma('wal_autocheckpoint = 0');

const checkpoint = () => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for a lock, never blocks a writer.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy now: the next round copies what this one could not.
  }
};
const timer = setInterval(checkpoint, everyMs);
parentPort?.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort?.postMessage('closed');
});
