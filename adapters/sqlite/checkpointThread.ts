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

/**
 * Pages of log written since the last round under which the log is trickling: each round costs a
 * sync or two whatever it copies, so a trickle (two such rounds in a row: the first after the log
 * started afresh may look like one) is copied four times less often.
 */
const TRICKLE_PAGES = 64;
let logBefore = 0;
let quietRounds = 0;

/** Copies the log into the database; returns how long to wait before the next round. */
const checkpoint = (): number => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for a lock, never blocks a writer.
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    if (!passive) return everyMs;
    // The log starts afresh only after a checkpoint that reached its end, and under unbroken
    // writes a passive one never does, nor can this thread wait for a gap between commits. The
    // writer can: past the line, it is asked to finish the checkpoint between two of its commits.
    // A log started afresh is shorter than it was: all of it is new.
    const written = passive.log >= logBefore ? passive.log - logBefore : passive.log;
    logBefore = passive.log;
    if (passive.log > restartAbove) {
      reply('restart');
      // The writer starts it afresh between two commits: by the next round, all of it is new.
      logBefore = 0;
    }
    quietRounds = written < TRICKLE_PAGES ? quietRounds + 1 : 0;
    return quietRounds >= 2 ? everyMs * 4 : everyMs;
  } catch {
    // Busy now: the next round copies what this one could not.
    return everyMs;
  }
};
let timer: NodeJS.Timeout;
const round = () => {
  timer = setTimeout(round, checkpoint());
};
timer = setTimeout(round, everyMs);
parentPort?.on('message', () => {
  clearTimeout(timer);
  checkpoint();
  db.close();
  reply('closed');
});
