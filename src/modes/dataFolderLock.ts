import {
  chmodSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
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

const readJson = (file: string): LockOwner | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
};

const readOwner = (dataDir: string): LockOwner | undefined => readJson(join(dataDir, OWNER));

/**
 * The processes that may hold a lock whose owner file is not written yet: each writes itself down
 * under its pid before it takes the lock, and renames that file into the owner's once it holds it.
 */
const candidates = (dataDir: string): Array<{ file: string; owner: LockOwner | undefined }> =>
  readdirSync(dataDir)
    .filter((name) => name.startsWith(`${OWNER}.`))
    .map((name) => ({ file: join(dataDir, name), owner: readJson(join(dataDir, name)) }));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

const deadHere = (owner: LockOwner | undefined) =>
  owner !== undefined && owner.host === hostname() && !alive(owner.pid);

/**
 * Clears a lock whose holder died on this machine, or throws DataFolderBusy. The holder is named by
 * the owner file; a holder killed between taking the lock and writing that file is found among the
 * candidates, every one of which must then be dead.
 */
const takeOverAbandoned = (dataDir: string, lockfilePath: string, mine: string) => {
  const owner = readOwner(dataDir);
  if (owner) {
    // Read again just before removing: a process taking over the same lock removes the owner first.
    if (!deadHere(owner) || JSON.stringify(readOwner(dataDir)) !== JSON.stringify(owner))
      throw new DataFolderBusy(dataDir, readOwner(dataDir));
  } else {
    const others = candidates(dataDir).filter((c) => c.file !== mine);
    if (others.length === 0 || !others.every((c) => deadHere(c.owner)))
      throw new DataFolderBusy(dataDir, undefined);
    for (const other of others) rmSync(other.file, { force: true });
  }
  rmSync(join(dataDir, OWNER), { force: true });
  try {
    rmdirSync(lockfilePath);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
  }
};

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

  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    holder,
    since: new Date().toISOString(),
  };
  const candidate = join(dataDir, `${OWNER}.${process.pid}`);
  writeFileSync(candidate, `${JSON.stringify(me)}\n`, { mode: 0o600 });
  let release: Awaited<ReturnType<typeof take>>;
  try {
    release = await take();
    if (!release) {
      takeOverAbandoned(dataDir, lockfilePath, candidate);
      release = await take();
      if (!release) throw new DataFolderBusy(dataDir, readOwner(dataDir));
    }
    // The lock is a folder its library makes with the default mode: the data folder's are 0700.
    chmodSync(lockfilePath, 0o700);
    renameSync(candidate, join(dataDir, OWNER));
  } catch (error) {
    rmSync(candidate, { force: true });
    throw error;
  }

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
