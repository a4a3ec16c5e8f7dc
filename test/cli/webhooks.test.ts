import { expect } from 'chai';
import { apiClient } from '../support/apiClient.js';
import type { ApiClient } from '../support/apiClient.js';
import { jsonLines, runCli } from '../support/cli.js';
import { eventually } from '../support/delivery.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import type { TestReceiver } from '../support/receiver.js';
import { startServerProcess } from '../support/serverProcess.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_cli_replay_test_admin_key_0123456789';

describe('cli: webhooks replay', function () {
  this.timeout(60_000);
  const dir = tempDir();
  const env = {
    SLUICE_DATA_DIR: dir.path,
    SLUICE_ADMIN_KEY: ADMIN,
    SLUICE_ALLOW_HTTP_URLS: 'true',
    SLUICE_ALLOW_PRIVATE_URLS: 'true',
  };
  let server: ServerProcess | undefined;
  let receiver: TestReceiver;
  let api: ApiClient;

  const start = async () => {
    server = await startServerProcess(env);
    api = apiClient(server.url);
  };
  const stop = async () => {
    server!.child.kill('SIGTERM');
    expect(await server!.exited).to.equal(0);
    server = undefined;
  };
  const publish = async (n: number) => {
    const res = await api.post('/v1/events', ADMIN, {
      type: 'order.created',
      merchant_id: 'mer_acme',
      data: { n },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };
  const createEndpoint = async (body: Record<string, unknown> = {}) => {
    const res = await api.post('/v1/webhooks', ADMIN, {
      merchant_id: 'mer_acme',
      url: receiver.url,
      filter_types: ['order.created'],
      ...body,
    });
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };
  const setDisabled = async (endpoint: string, disabled: boolean) =>
    expect((await api.post(`/v1/webhooks/${endpoint}`, ADMIN, { disabled })).status).to.equal(200);

  before(async () => {
    receiver = await startTestReceiver();
  });
  after(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await receiver.close();
    dir.remove();
  });

  it('records a replay offline, which the server sends when it starts again', async () => {
    await start();
    const since = new Date(Date.now() - 1000).toISOString();
    const endpoint = await createEndpoint();
    const secret = (await api.get(`/v1/webhooks/${endpoint}/secret`, ADMIN)).body.key as string;
    const delivered = await publish(1);
    await receiver.waitFor(1);
    await eventually(
      async () => (await api.get(`/v1/webhooks/${endpoint}/messages`, ADMIN)).body.data,
      (messages: Array<{ status: string }>) => messages[0]?.status === 'succeeded',
    );
    // Published while the endpoint was disabled: never sent.
    await setDisabled(endpoint, true);
    const missed = [await publish(2), await publish(3)];
    await setDisabled(endpoint, false);
    const disabled = await createEndpoint({ disabled: true });
    const deleted = await createEndpoint();
    expect((await api.delete(`/v1/webhooks/${deleted}`, ADMIN)).status).to.equal(204);
    await stop();

    const replay = ['webhooks', 'replay', '--endpoint', endpoint, '--since', since];
    // Never sent to the endpoint, they are left out unless asked for: a back-fill.
    const unasked = await runCli(dir.path, [...replay, '--json']);
    expect(unasked.code, unasked.stderr).to.equal(0);
    expect(JSON.parse(unasked.stdout)).to.include({ count: 0, unsent_skipped: 2 });
    const run = await runCli(dir.path, [...replay, '--include-unsent', '--json']);
    expect(run.code, run.stderr).to.equal(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.replay_id).to.match(/^rpl_/);
    expect(answer).to.include({ count: 2, replayed: 0, backfilled: 2, unsent_skipped: 0 });

    const planned = jsonLines(
      (await runCli(dir.path, ['events', 'export', '--type', 'delivery.planned'])).stdout,
    ).filter((e) => e.data.replay_id === answer.replay_id);
    expect(planned.map((e) => e.data.event_id).sort()).to.deep.equal([...missed].sort());
    for (const e of planned) {
      expect(e.data.trigger).to.equal('replay');
      expect(e.metadata).to.include({ actor: 'sluice:cli', merchant_id: 'mer_acme' });
    }

    await start();
    const got = await receiver.waitFor(3);
    expect(
      got
        .slice(1)
        .map((d) => d.body.id)
        .sort(),
    ).to.deep.equal([...missed].sort());
    for (const delivery of got.slice(1)) {
      expect(delivery.headers['webhook-id']).to.equal(delivery.body.id);
      expect(verifies(delivery, secret)).to.equal(true);
    }
    const attempts = await eventually(
      async () => (await api.get(`/v1/webhooks/${endpoint}/attempts`, ADMIN)).body.data,
      (list: Array<{ trigger: string; event_id: string }>) =>
        list.filter((a) => a.trigger === 'replay').length === 2,
    );
    expect(attempts.map((a) => a.event_id)).to.include(delivered);
    await stop();

    // Every matching event, delivered or not, with --no-only-failed (the API's only_failed).
    const all = await runCli(dir.path, [...replay, '--no-only-failed']);
    expect(all.code, all.stderr).to.equal(0);
    expect(all.stdout).to.match(
      new RegExp(
        `^Replay rpl_\\w+: 3 sent again, 0 sent for the first time, to ${endpoint} \\(${receiver.url}\\), when the server next starts\\.\\n$`,
      ),
    );

    // What the route refuses, the tool refuses, in one line.
    const refused = async (args: string[], code: number, message: string | RegExp) => {
      const result = await runCli(dir.path, ['webhooks', 'replay', ...args]);
      expect(result.code, result.stderr).to.equal(code);
      expect(result.stdout).to.equal('');
      if (typeof message === 'string') expect(result.stderr).to.include(message);
      else expect(result.stderr).to.match(message);
    };
    await refused(
      ['--endpoint', 'we_nope', '--since', since],
      1,
      'sluice: No webhook endpoint we_nope.\n',
    );
    await refused(
      ['--endpoint', disabled, '--since', since],
      1,
      `Endpoint ${disabled} is disabled`,
    );
    await refused(
      ['--endpoint', deleted, '--since', since],
      1,
      `Webhook endpoint ${deleted} was deleted.`,
    );
    await refused(
      ['--endpoint', endpoint, '--since', since, '--until', '2000-01-01T00:00:00Z'],
      1,
      'sluice: since is after until. (--since: must not be after until)\n',
    );
    await refused(
      ['--endpoint', endpoint, '--since', 'yesterday'],
      2,
      /'yesterday' is invalid\. expected an RFC 3339/,
    );
    await refused(['--since', since], 2, "required option '--endpoint <id>' not specified");
  });
});
