import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../support/tempDir.js';

const module = (path: string) => new URL(path, import.meta.url).href;

/**
 * Runs a script in a process of its own and says how it ended: a worker thread left referenced
 * keeps a process alive after its work, which only a process of its own can show.
 */
const runAlone = (
  dir: string,
  script: string,
): Promise<{ code: number | null; stdout: string; stderr: string; hung: boolean }> =>
  new Promise((resolve) => {
    // A file rather than --eval: the worker threads would inherit --input-type, which they refuse.
    const file = join(dir, 'script.mjs');
    writeFileSync(file, script);
    const child = execFile(process.execPath, [file], { timeout: 15_000 }, (error, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr, hung: error?.killed === true }),
    );
  });

describe('SQLite worker threads and the life of the process', () => {
  it('ends the process once its work is done: a rebuild’s batch refused, its checkpoint thread never stopped', async () => {
    const dir = tempDir();
    const script = `
      import { openSqlite } from ${JSON.stringify(module('../../../adapters/sqlite/database.js'))};
      import { startBackgroundCheckpoints } from ${JSON.stringify(module('../../../adapters/sqlite/backgroundCheckpoints.js'))};
      import { sqliteReadStore } from ${JSON.stringify(module('../../../adapters/readstore/sqlite/sqliteReadStore.js'))};
      const file = ${JSON.stringify(join(dir.path, 'sluice.db'))};
      const db = openSqlite({ file });
      startBackgroundCheckpoints(db, file);
      const store = sqliteReadStore(db);
      await store.registerProjection('tallies', [{ name: 'tallies', indexes: [] }]);
      const generation = await store.beginRebuild('tallies');
      const target = { kind: 'rebuild', generation };
      await store.apply('tallies', target, [{ op: 'put', collection: 'tallies', doc: { id: 'a' } }], '1');
      const refused = await store
        .apply('tallies', target, [{ op: 'put', collection: 'widgets', doc: { id: 'b' } }], '2')
        .then(() => 'applied', (error) => error.message);
      await store.state('tallies');
      console.log(refused);
    `;
    try {
      const run = await runAlone(dir.path, script);
      expect(run.stdout.trim(), run.stderr).to.equal('Projection tallies does not own widgets.');
      expect(run.hung, 'the process was still alive after its work').to.equal(false);
      expect(run.code).to.equal(0);
    } finally {
      dir.remove();
    }
  });
});
