import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { tempDir } from '../../support/tempDir.js';

const child = fileURLToPath(new URL('../../support/children/appendForever.js', import.meta.url));

/** Runs the appender until it has acknowledged `acks` events, then kills it with SIGKILL. */
const appendThenKill = (file: string, acks: number): Promise<string[]> =>
  new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acknowledged: string[] = [];
    let buffer = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      acknowledged.push(...lines);
      if (acknowledged.length >= acks) proc.kill('SIGKILL');
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve(acknowledged));
  });

describe('SQLite event store durability', () => {
  it('loses no acknowledged append when the process is killed with SIGKILL', async function () {
    this.timeout(60_000);
    const dir = tempDir();
    try {
      const file = join(dir.path, 'sluice.db');
      const acknowledged: string[] = [];
      for (const acks of [1, 50, 400]) acknowledged.push(...(await appendThenKill(file, acks)));
      const db = openSqlite({ file });
      const store = sqliteEventStore(db);
      const stored = new Set<string>();
      for (let i = 0; i < 10; i++)
        for (const e of await store.readStream(`durable-${i}`)) stored.add(e.id);
      db.close();
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(acknowledged.length).to.be.at.least(451);
      expect(lost).to.deep.equal([]);
    } finally {
      dir.remove();
    }
  });
});
