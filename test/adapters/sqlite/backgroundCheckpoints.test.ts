import { expect } from 'chai';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackgroundCheckpoints } from '../../../adapters/sqlite/backgroundCheckpoints.js';
import {
  RESTART_ABOVE_PAGES,
  startBackgroundCheckpoints,
} from '../../../adapters/sqlite/backgroundCheckpoints.js';
import type { SqliteDatabase } from '../../../adapters/sqlite/database.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { tempDir } from '../../support/tempDir.js';

const ROUND_BYTES = 2 * 1024 * 1024;
const BODY = 'x'.repeat(4096);
const PAGE_BYTES = 4096 + 24;
/** The thread's line, in pages, in the test of unbroken writes. */
const LINE = 500;

/** A database in a folder of its own, with the checkpoints `start` gives it, closed after `test`. */
const withDatabase = async (
  start: (db: SqliteDatabase, file: string, folder: string) => BackgroundCheckpoints,
  test: (db: SqliteDatabase, file: string) => Promise<void>,
) => {
  const dir = tempDir();
  const file = join(dir.path, 'sluice.db');
  const db = openSqlite({ file });
  const checkpoints = start(db, file, dir.path);
  try {
    await test(db, file);
  } finally {
    await checkpoints.stop();
    db.close();
    dir.remove();
  }
};

/** A table of 4 KiB rows; each call of the result commits `rows` of them. */
const blobWriter = (db: SqliteDatabase) => {
  db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare<[string]>('INSERT INTO blobs (body) VALUES (?)');
  return db.transaction((rows: number) => {
    for (let i = 0; i < rows; i++) insert.run(BODY);
  });
};

describe('background checkpoints', function () {
  this.timeout(30_000);

  it('keep the write-ahead log from growing while commits do not checkpoint themselves', () =>
    withDatabase(
      (db, file) => startBackgroundCheckpoints(db, file),
      async (db, file) => {
        const commit = blobWriter(db);
        // Ten rounds of 2 MiB, each its own commits: without a checkpoint the log would hold 20 MiB.
        for (let round = 0; round < 10; round++) {
          commit(ROUND_BYTES / BODY.length);
          await new Promise((resolve) => setTimeout(resolve, 400));
        }
        const wal = statSync(`${file}-wal`).size;
        expect(wal).to.be.below(4 * ROUND_BYTES);
        // Commits checkpoint only far past the thread's line, should it fall behind.
        expect(db.pragma('wal_autocheckpoint', { simple: true })).to.equal(4 * RESTART_ABOVE_PAGES);
      },
    ));

  it('keep the log bounded under writes that never pause', () =>
    withDatabase(
      // A short line and quick rounds, so that the writes below cross it many times.
      (db, file) => startBackgroundCheckpoints(db, file, { everyMs: 50, restartAbovePages: LINE }),
      async (db, file) => {
        const commit = blobWriter(db);
        // However far the thread falls behind on a busy machine, the log holds a few times its
        // line at most (the writer then checkpoints it itself), never all that was written.
        const bound = 10 * LINE * PAGE_BYTES;
        // Commits of 8 KiB one after the other, with no pause for the thread to find the log's
        // end, until three times the bound is written.
        let largest = 0;
        for (let written = 0; written < 3 * bound; written += 2 * BODY.length) {
          commit(2);
          if (written % (64 * BODY.length) === 0)
            largest = Math.max(largest, statSync(`${file}-wal`).size);
          await new Promise((resolve) => setImmediate(resolve));
        }
        expect(largest).to.be.below(bound);
      },
    ));

  it('hands checkpoints back to the commits when its thread cannot work', () =>
    withDatabase(
      // The thread opens the file by another name, which does not exist: it fails at once.
      (db, _file, folder) => startBackgroundCheckpoints(db, join(folder, 'missing.db')),
      async (db) => {
        const deadline = Date.now() + 5000;
        const onCommit = () => db.pragma('wal_autocheckpoint', { simple: true });
        while (onCommit() !== 1000 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(onCommit()).to.equal(1000);
      },
    ));
});
