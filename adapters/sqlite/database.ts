import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDatabase = Database.Database;

export type SqliteOptions = {
  /** `:memory:` or a file path; the folder is created when missing. */
  file: string;
  /**
   * `normal` (the default) survives the death of the process at any moment: in WAL mode a
   * committed transaction is in the operating system's hands when the call returns. `full` also
   * survives a power cut, at the cost of an fsync per commit.
   */
  synchronous?: 'normal' | 'full';
};

/** The database and its journals are for this service's user alone: they hold every payload. */
const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_FOLDER = 0o700;

/**
 * Creates the file for the owner alone before SQLite does (it would use 0644), and tightens one
 * made looser before. SQLite gives its `-wal` and `-shm` files the database file's permissions.
 */
const ownerOnly = (file: string) => {
  mkdirSync(dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER });
  if (!existsSync(file)) closeSync(openSync(file, 'a', OWNER_ONLY_FILE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path) && (statSync(path).mode & 0o077) !== 0) chmodSync(path, OWNER_ONLY_FILE);
  }
};

/** Opens the one SQLite file that holds the embedded mode's log, read models and timers. */
export const openSqlite = (options: SqliteOptions): SqliteDatabase => {
  if (options.file !== ':memory:') ownerOnly(options.file);
  const db = new Database(options.file);
  // Pages freed (a rebuild's old tables dropped) can be given back to the file system: set on a
  // new file only, before its first table; a file made before keeps what it had (a VACUUM would
  // convert it, rewriting the whole file).
  db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // Writes inside a savepoint (each append of a group commit, each projection applied inside an
  // append) keep a statement journal for a partial rollback: in memory, it costs no file to create,
  // write and delete per statement.
  db.pragma('temp_store = MEMORY');
  return db;
};

/**
 * Gives the free pages back to the file system, when the file was made to allow it: after a rebuild
 * swapped its tables in (or was abandoned), the old tables' pages would otherwise stay in the file
 * for ever, making it as large as two copies of the read models.
 */
export const giveBackFreePages = (db: SqliteDatabase): void => {
  if (db.memory) return;
  if ((db.pragma('auto_vacuum', { simple: true }) as number) !== 2) return;
  db.pragma('incremental_vacuum');
};

/**
 * A transaction that takes the write lock as it begins. The database can have a second writing
 * connection (a rebuild writes from a thread of its own): a transaction that read first and only
 * then asked to write would fail at once had the other committed in between, where this one waits
 * its turn. Called inside another transaction, it is a savepoint of it, as any.
 */
export const writeTransaction = <F extends (...args: never[]) => unknown>(
  db: SqliteDatabase,
  fn: F,
): ((...args: Parameters<F>) => ReturnType<F>) => {
  const transaction = db.transaction(fn as unknown as (...args: unknown[]) => unknown);
  return (...args) => transaction.immediate(...args) as ReturnType<F>;
};
