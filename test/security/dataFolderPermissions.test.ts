import { expect } from 'chai';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { publish } from '../support/delivery.js';
import { tempDir } from '../support/tempDir.js';
import { startTestService } from '../support/testService.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the data folder', function () {
  this.timeout(20_000);

  it("is the service user's alone: the folder it creates is 0700, and every file in it 0600 (and the lock's folder 0700)", async function () {
    if (process.env.SLUICE_TEST_MODE && process.env.SLUICE_TEST_MODE !== 'embedded') {
      console.log(
        "    (skipped: the data folder is the embedded mode's; this run is on another backend)",
      );
      return this.skip();
    }
    const parent = tempDir();
    const dataDir = join(parent.path, 'fresh');
    try {
      const service = await startTestService({}, { dataDir });
      await publish(service, 'order.created', { marker: 'x' });
      const files = readdirSync(dataDir);
      // The database, its write-ahead log and shared memory at least, while the service runs.
      expect(files).to.include.members(['sluice.db', 'sluice.db-wal', 'sluice.db-shm']);
      expect(modeOf(dataDir).toString(8)).to.equal('700');
      for (const file of files) {
        const path = join(dataDir, file);
        const expected = statSync(path).isDirectory() ? '700' : '600';
        expect(modeOf(path).toString(8), file).to.equal(expected);
      }
      await service.stop();
    } finally {
      parent.remove();
    }
  });
});
