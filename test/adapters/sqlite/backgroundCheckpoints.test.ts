import { expect } from 'chai';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { startBackgroundCheckpoints } from '../../../adapters/sqlite/backgroundCheckpoints.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { tempDir } from '../../support/tempDir.js';

const ROUND_BYTES = 2 * 1024 * 1024;

describe('background checkpoints', function () {
  this.timeout(30_000);

  it('keep the write-ahead log from growing while commits do not checkpoint themselves', async () => {
    const dir = tempDir();
    const file = join(dir.path, 'sluice.db');
    const db = openSqlite({ file });
    const checkpoints = startBackgroundCheckpoints(db, file);
    try {
      db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
      const insert = db.prepare<[string]>('INSERT INTO blobs (body) VALUES (?)');
      const body = 'x'.repeat(4096);
      // Ten rounds of 2 MiB, each its own commits: without a checkpoint the log would hold 20 MiB.
      for (let round = 0; round < 10; round++) {
        db.transaction(() => {
          for (let i = 0; i < ROUND_BYTES / body.length; i++) insert.run(body);
        })();
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      const wal = statSync(`${file}-wal`).size;
      expect(wal).to.be.below(4 * ROUND_BYTES);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).to.equal(0);
    } finally {
      await checkpoints.stop();
      db.close();
      dir.remove();
    }
  });

  it('keep the log bounded under writes that never pause', async () => {
    const dir = tempDir();
    const file = join(dir.path, 'sluice.db');
    const db = openSqlite({ file });
    // A short line and quick rounds, so that two seconds of writing cross it many times.
    const line = 500;
    const checkpoints = startBackgroundCheckpoints(db, file, {
      everyMs: 50,
      restartAbovePages: line,
    });
    try {
      db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
      const insert = db.prepare<[string]>('INSERT INTO blobs (body) VALUES (?)');
      const body = 'x'.repeat(4096);
      // Commits of 8 KiB one after the other for two seconds, the log written far faster than a
      // passive checkpoint copies it: those never reach its end, and only the writer can let the
      // log start over. Without that, it holds all that was written.
      let largest = 0;
      let written = 0;
      const until = performance.now() + 2_000;
      while (performance.now() < until) {
        db.transaction(() => {
          for (let i = 0; i < 2; i++) insert.run(body);
        })();
        written += 2 * body.length;
        if (written % (64 * body.length) === 0)
          largest = Math.max(largest, statSync(`${file}-wal`).size);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(written).to.be.above(8 * ROUND_BYTES);
      expect(largest).to.be.below(written / 2);
    } finally {
      await checkpoints.stop();
      db.close();
      dir.remove();
    }
  });

  it('hands checkpoints back to the commits when its thread cannot work', async () => {
    const dir = tempDir();
    const file = join(dir.path, 'sluice.db');
    const db = openSqlite({ file });
    // The thread opens the file by another name, which does not exist: it fails at once.
    const checkpoints = startBackgroundCheckpoints(db, join(dir.path, 'missing.db'));
    try {
      const deadline = Date.now() + 5000;
      while (db.pragma('wal_autocheckpoint', { simple: true }) === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(db.pragma('wal_autocheckpoint', { simple: true })).to.equal(1000);
    } finally {
      await checkpoints.stop();
      db.close();
      dir.remove();
    }
  });
});
