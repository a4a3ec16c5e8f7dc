import { readFileSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';

/** Who holds the data folder, written beside the lock for the message of whoever is refused. */
export type LockOwner = { pid: number; host: string; holder: string; since: string };

export type DataFolderLock = { release: () => Promise<void> };

/** Another process (a server, the command-line tool) works on the folder. */
export class DataFolderBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    const who = owner
      ? `${owner.holder} (pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`})`
      : 'another process (pid unknown)';
    super(`the data folder ${dataDir} is in use by ${who}`);
    this.name = 'DataFolderBusy';
  }
}

const LOCK = 'sluice.lock';
const OWNER = 'sluice.lock.json';
/**
 * The holder touches the lock every UPDATE_MS; one untouched for STALE_MS is abandoned (its holder
 * died, or runs on another machine that stopped). Long enough that a busy event loop never loses it.
 */
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

const readOwner = (dataDir: string): LockOwner | undefined => {
  try {
    return JSON.parse(readFileSync(join(dataDir, OWNER), 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Takes the data folder for this process alone (one writer at a time keeps the embedded log's
 * guarantees simple), or throws DataFolderBusy naming the holder. The lock is proper-lockfile's
 * directory, which a holder keeps fresh; a holder killed on this machine (SIGKILL, a crash) is
 * seen at once by its pid, without waiting for the lock to go stale.
 */
export const lockDataFolder = async (
  dataDir: string,
  holder: string,
  onLost: (error: Error) => void,
): Promise<DataFolderLock> => {
  const lockfilePath = join(dataDir, LOCK);
  const take = () =>
    lock(dataDir, {
      lockfilePath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: onLost,
    }).catch((error: unknown) => {
      if (codeOf(error) === 'ELOCKED') return undefined;
      throw error;
    });

  let release = await take();
  if (!release) {
    const owner = readOwner(dataDir);
    const abandoned = owner && owner.host === hostname() && !alive(owner.pid);
    // Read again just before removing: a process taking over the same lock removes the owner first.
    if (!abandoned || JSON.stringify(readOwner(dataDir)) !== JSON.stringify(owner))
      throw new DataFolderBusy(dataDir, readOwner(dataDir));
    rmSync(join(dataDir, OWNER), { force: true });
    try {
      rmdirSync(lockfilePath);
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') throw error;
    }
    release = await take();
    if (!release) throw new DataFolderBusy(dataDir, readOwner(dataDir));
  }

  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    holder,
    since: new Date().toISOString(),
  };
  const temporary = join(dataDir, `${OWNER}.${process.pid}`);
  writeFileSync(temporary, `${JSON.stringify(owner)}\n`);
  renameSync(temporary, join(dataDir, OWNER));

  const held = release;
  return {
    release: async () => {
      rmSync(join(dataDir, OWNER), { force: true });
      // A lock taken over meanwhile (reported through onLost) is no longer ours to remove.
      await held().catch((error: unknown) => {
        if (codeOf(error) !== 'ERELEASED') throw error;
      });
    },
  };
};
