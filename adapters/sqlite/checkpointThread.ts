/**
 * A worker thread that copies the write-ahead log into the database file, on a connection of its
 * own, so that the thread that commits never waits for that copy or for its sync to disk.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

export type CheckpointInput = { file: string; everyMs: number; restartAbove: number };
/** `restart`: the log is long, and only the writer can start it afresh (see below). */
export type FromCheckpointThread = 'restart' | 'closed';

const { file, everyMs, restartAbove } = workerData as CheckpointInput;
const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
// This connection only checkpoints: it must not also checkpoint on its own commits (it has none).
db.pragma('wal_autocheckpoint = 0');

const reply = (message: FromCheckpointThread) => parentPort?.postMessage(message);

type CheckpointResult = { busy: number; log: number; checkpointed: number };

const checkpoint = () => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for a lock, never blocks a writer.
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    // The log starts afresh only after a checkpoint that reached its end, and under unbroken
    // writes a passive one never does, nor can this thread wait for a gap between commits. The
    // writer can: past the line, it is asked to finish the checkpoint between two of its commits.
    if (passive && passive.log > restartAbove) reply('restart');
  } catch {
    // Busy now: the next round copies what this one could not.
  }
};
const timer = setInterval(checkpoint, everyMs);
parentPort?.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  reply('closed');
});
