import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MAIN, startServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

type PackageJson = { scripts: { start: string } };

describe('the server as a process', () => {
  it('starts, writes the admin key (0600) and says where, serves, and stops cleanly on SIGTERM', async () => {
    const dir = tempDir();
    try {
      const server = await startServerProcess({ SLUICE_DATA_DIR: dir.path });
      const keyFile = join(dir.path, 'admin.key');
      const key = readFileSync(keyFile, 'utf8').trim();
      expect(statSync(keyFile).mode & 0o777).to.equal(0o600);
      expect(server.output()).to.include(keyFile).and.not.include(key);
      expect(await (await fetch(`${server.url}/healthz`)).json()).to.deep.equal({ status: 'ok' });
      const created = await fetch(`${server.url}/v1/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'merchant', merchant_id: 'mer_acme' }),
      });
      expect(created.status).to.equal(201);
      server.child.kill('SIGTERM');
      expect(await server.exited).to.equal(0);
    } finally {
      dir.remove();
    }
  });

  it('stops on a signal sent to the shell of `npm start`, freeing its port and data folder', async () => {
    // npm hands SIGTERM and SIGINT to the shell running the script: the server must be that
    // process (exec), or the shell dies and leaves it running, port and folder lock held.
    const script = (JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson).scripts.start;
    const build = 'npm run build --silent && ';
    expect(script.startsWith(build), script).to.equal(true);
    const dir = tempDir();
    try {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const server = await startServerProcess(
          { SLUICE_DATA_DIR: dir.path },
          undefined,
          script.slice(build.length),
        );
        server.child.kill(signal);
        expect(await server.exited, signal).to.equal(0);
        const refused = await fetch(`${server.url}/healthz`).then(
          () => 'still answering',
          () => 'refused',
        );
        expect(refused, signal).to.equal('refused');
      }
    } finally {
      dir.remove();
    }
  });

  it('refuses to start on a bad configuration value, naming the variable', () => {
    const run = spawnSync(process.execPath, [MAIN], {
      env: {
        ...process.env,
        SLUICE_RETRY_SCHEDULE_S: 'soon',
        SLUICE_DATA_DIR: '/nonexistent/never',
      },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include('SLUICE_RETRY_SCHEDULE_S');
  });
});
