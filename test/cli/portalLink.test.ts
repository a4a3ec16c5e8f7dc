import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiClient } from '../support/apiClient.js';
import { runCli } from '../support/cli.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { startServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

describe('cli: portal-link, against a running service', function () {
  this.timeout(60_000);
  const dir = tempDir();
  let server: ServerProcess;
  let admin: string;

  before(async () => {
    server = await startServerProcess({ SLUICE_DATA_DIR: dir.path, SLUICE_DEV: 'true' });
    admin = readFileSync(join(dir.path, 'admin.key'), 'utf8').trim();
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    dir.remove();
  });

  const link = (...args: string[]) =>
    runCli(dir.path, ['portal-link', '--url', server.url, ...args]);

  it('prints a link that opens the portal once, and warns on stderr of a merchant nothing is known of', async () => {
    const typo = await link('--merchant', 'mer_acmee', '--capabilities', 'view,send');
    expect(typo.code, typo.stderr).to.equal(0);
    expect(typo.stdout).to.match(/^http:\/\/\S+\/portal#code=pc_\S+\n$/);
    expect(typo.stderr).to.match(
      /^warning: Nothing is known of mer_acmee yet .*check the merchant id/,
    );
    const code = decodeURIComponent(typo.stdout.trim().split('#code=')[1]!);
    const exchanged = await apiClient(server.url).post('/v1/portal/exchange', undefined, { code });
    expect(exchanged.status, exchanged.text).to.equal(200);
    expect(exchanged.body.capabilities).to.deep.equal(['view', 'send']);

    const endpoint = await apiClient(server.url).post('/v1/webhooks', admin, {
      merchant_id: 'mer_acme',
      url: 'https://hooks.example.com/acme',
    });
    expect(endpoint.status, endpoint.text).to.equal(201);
    const known = await link('--merchant', 'mer_acme', '--json');
    expect(known.code, known.stderr).to.equal(0);
    expect(known.stderr).to.equal('');
    expect(JSON.parse(known.stdout)).to.include({ merchant_known: true, merchant_id: 'mer_acme' });
  });

  it('refuses a capability it does not know, sending nothing', async () => {
    const refused = await link('--merchant', 'mer_acme', '--capabilities', 'view,everything');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('everything is not one of');
    expect(refused.stdout).to.equal('');
  });
});
