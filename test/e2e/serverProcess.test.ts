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

  it('says at start where it listens and which pages to open, and its root leads to them', async () => {
    const dir = tempDir();
    try {
      const server = await startServerProcess({ SLUICE_DATA_DIR: dir.path, HOST: '0.0.0.0' });
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('sluice is listening'));
      const logged = JSON.parse(line!) as Record<string, string>;
      const port = new URL(server.url).port;
      expect(logged.listening_on).to.equal(`0.0.0.0:${port}`);
      expect(logged.console).to.equal(`${server.url}/console`);
      expect(logged.docs).to.equal(`${server.url}/docs`);

      const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.match(/^text\/html/);
      const html = await page.text();
      for (const link of ['console', 'docs/', 'v1/openapi.json', 'healthz'])
        expect(html).to.include(`href="${link}"`);
      expect(html).to.include('admin.key').and.include('/v1/portal/sessions');

      const links = (await (await fetch(`${server.url}/`)).json()) as {
        links: Record<string, string>;
      };
      for (const [name, link] of Object.entries(links.links)) {
        const res = await fetch(new URL(link, `${server.url}/`));
        expect(res.status, `${name}: ${link}`).to.equal(200);
      }
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
