import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInEntry } from '../../domain/catalog/eventCatalog.js';
import { apiClient } from '../support/apiClient.js';
import { runCli } from '../support/cli.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { startServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

describe('cli: trigger, against a running service', function () {
  this.timeout(60_000);
  const dir = tempDir();
  let server: ServerProcess;
  let receiver: TestReceiver;
  let admin: string;

  before(async () => {
    receiver = await startTestReceiver();
    server = await startServerProcess({ SLUICE_DATA_DIR: dir.path, SLUICE_DEV: 'true' });
    admin = readFileSync(join(dir.path, 'admin.key'), 'utf8').trim();
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await receiver.close();
    dir.remove();
  });

  it("publishes the catalog's example of a type, which a receiver gets signed", async () => {
    const api = apiClient(server.url);
    const endpoint = await api.post('/v1/webhooks', admin, {
      merchant_id: 'mer_acme',
      url: receiver.url,
      filter_types: ['order.created'],
    });
    expect(endpoint.status, endpoint.text).to.equal(201);
    const secret = (await api.get(`/v1/webhooks/${endpoint.body.id as string}/secret`, admin)).body
      .key as string;

    // The key is the data folder's admin.key, as `npm run dev` wrote it: nothing to pass.
    const run = await runCli(dir.path, [
      'trigger',
      'order.created',
      '--merchant',
      'mer_acme',
      '--url',
      server.url,
    ]);
    expect(run.code, run.stderr).to.equal(0);
    const id = /^Published order\.created (evt_\S+) for mer_acme\.\n$/.exec(run.stdout)?.[1];
    expect(id, run.stdout).to.be.a('string');
    const [delivery] = await receiver.waitFor(1);
    expect(verifies(delivery!, secret)).to.equal(true);
    expect(delivery!.body.id).to.equal(id);
    expect(delivery!.body.data).to.deep.equal(builtInEntry('order.created')!.examples[0]);

    const own = await runCli('/nowhere', [
      ...['trigger', 'order.created', '--merchant', 'mer_acme', '--json'],
      ...['--url', server.url, '--key', admin, '--data', '{"order_id":"ord_own"}'],
    ]);
    expect(own.code, own.stderr).to.equal(0);
    expect(JSON.parse(own.stdout).data).to.deep.equal({ order_id: 'ord_own' });
  });

  it('says in one line what the service refused, or that it cannot be reached', async () => {
    const unknown = await runCli(dir.path, [
      'trigger',
      'order.nothing',
      '--merchant',
      'mer_acme',
      '--url',
      server.url,
    ]);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.match(/^sluice: .*order\.nothing.*\n$/);
    const wrongKey = await runCli(dir.path, [
      ...['trigger', 'order.created', '--merchant', 'mer_acme'],
      ...['--url', server.url, '--key', 'sk_not_a_key_0000000000000000000000000'],
    ]);
    expect(wrongKey.code).to.equal(1);
    expect(wrongKey.stderr).to.match(/^sluice: .*key.*\n$/i);
    const away = await runCli(dir.path, [
      'trigger',
      'order.created',
      '--merchant',
      'mer_acme',
      '--url',
      'http://127.0.0.1:9',
    ]);
    expect(away.code).to.equal(1);
    expect(away.stderr).to.include('cannot be reached');
    const noKey = await runCli('/nowhere', [
      'trigger',
      'order.created',
      '--merchant',
      'mer_acme',
      '--url',
      server.url,
    ]);
    expect(noKey.code).to.equal(1);
    expect(noKey.stderr).to.include('no API key');
  });
});
