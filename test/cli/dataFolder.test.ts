import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../support/cli.js';
import { MAIN, startServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

/** Runs the server to its end, for one that is expected to refuse to start. */
const serverRefusal = (env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });

describe('cli: one process at a time on the data folder', function () {
  this.timeout(30_000);

  it('refuses while a server holds the folder, and works again once it is killed', async () => {
    const dir = tempDir();
    const env = { SLUICE_DATA_DIR: dir.path };
    const server = await startServerProcess(env);
    try {
      for (const args of [
        ['projections', 'status'],
        ['events', 'export'],
        ['keys', 'create', '--role', 'auditor'],
      ]) {
        const run = await runCli(dir.path, args);
        expect(run.code).to.equal(1);
        expect(run.stdout).to.equal('');
        expect(run.stderr).to.equal(
          `sluice: the data folder ${dir.path} is in use by the server (pid ${server.child.pid}); ` +
            'stop it first (while the server runs, use its HTTP API)\n',
        );
      }
      // A second server on the same folder is refused too.
      const second = await serverRefusal(env);
      expect(second.code).to.equal(1);
      expect(second.output).to.include(
        `sluice: failed to start: the data folder ${dir.path} is in use by the server (pid ${server.child.pid})`,
      );

      // Killed, the server releases nothing: the tool sees its process is gone.
      server.child.kill('SIGKILL');
      await server.exited;
      expect(existsSync(join(dir.path, 'sluice.lock'))).to.equal(true);
      const after = await runCli(dir.path, ['projections', 'status']);
      expect(after.code, after.stderr).to.equal(0);
      expect(after.stdout).to.include('api_keys');
      // And it released the folder in turn: a server starts on it.
      const again = await startServerProcess(env);
      again.child.kill('SIGTERM');
      expect(await again.exited).to.equal(0);
      expect(existsSync(join(dir.path, 'sluice.lock'))).to.equal(false);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      dir.remove();
    }
  });
});
