import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { ApiClient } from '../support/apiClient.js';
import { apiClient } from '../support/apiClient.js';
import { CLI, runCli } from '../support/cli.js';
import { eventually } from '../support/delivery.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { startServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_listen_forwarding_test_admin_key_000000';

type Listener = { child: ChildProcess; lines: string[]; exited: Promise<number | null> };

/** `sluice listen` running, its output kept line by line. */
const startListener = (args: string[], dataDir: string): Listener => {
  const child = spawn(process.execPath, [CLI, 'listen', ...args], {
    env: { ...process.env, SLUICE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, lines, exited };
};

describe('cli: listen, forwarding a merchant’s deliveries to this machine', function () {
  this.timeout(90_000);
  const dir = tempDir();
  let server: ServerProcess;
  let local: TestReceiver;
  let api: ApiClient;
  let admin: string;
  let merchantKey: string;

  before(async () => {
    local = await startTestReceiver();
    // Retries far off: each attempt the test sees is one it caused.
    // On PostgreSQL too (SLUICE_TEST_MODE=postgres): the admin key is given, not written to the folder.
    admin = ADMIN;
    server = await startServerProcess({
      SLUICE_DATA_DIR: dir.path,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_RETRY_SCHEDULE_S: '600',
    });
    api = apiClient(server.url);
    const key = await api.post('/v1/api-keys', admin, {
      role: 'merchant',
      merchant_id: 'mer_acme',
      name: 'dev',
    });
    expect(key.status, key.text).to.equal(201);
    merchantKey = key.body.key as string;
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await local.close();
    dir.remove();
  });

  const publish = async (n: number, type = 'order.created') => {
    const res = await api.post('/v1/events', admin, { type, merchant_id: 'mer_acme', data: { n } });
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };
  const service = ['--url', '', '--key', ''];
  const flags = () => ((service[1] = server.url), (service[3] = merchantKey), service);

  it('forwards deliveries in order, signed with a secret that stays, records failures, and resends', async () => {
    const printed = await runCli(dir.path, ['listen', '--print-secret', ...flags()]);
    expect(printed.code, printed.stderr).to.equal(0);
    const secret = printed.stdout.trim();
    expect(secret).to.match(/^whsec_/);

    const listener = startListener(
      ['--forward-to', `${local.url}/local`, '--events', 'order.created', ...flags()],
      dir.path,
    );
    await eventually(
      () => Promise.resolve(listener.lines),
      (lines) => lines.some((l) => l.startsWith('Ready.')),
    );
    expect(listener.lines.find((l) => l.startsWith('Ready.'))).to.include(secret);

    const ids = [];
    for (let n = 0; n < 5; n++) ids.push(await publish(n));
    await publish(99, 'invoice.sent');
    const got = await local.waitFor(5);
    expect(got.map((d) => d.body.data.n)).to.deep.equal([0, 1, 2, 3, 4]);
    for (const delivery of got) {
      expect(verifies(delivery, secret), delivery.raw).to.equal(true);
      expect(delivery.path).to.equal('/hooks/local');
    }
    await eventually(
      () => Promise.resolve(listener.lines),
      (lines) => lines.filter((l) => l.includes('[200]')).length === 5,
    );
    expect(listener.lines.filter((l) => l.includes('order.created'))).to.have.length(5);

    // A failing local server: the try is recorded as a failed attempt of the listening endpoint.
    local.setBehaviour(() => ({ status: 500, body: 'not yet' }));
    const failing = await publish(5);
    await local.waitFor(6);
    const endpointId = /endpoint (we_\w+)/.exec(
      listener.lines.find((l) => l.startsWith('Ready.'))!,
    )![1]!;
    const attemptsPath = `/v1/webhooks/${endpointId}/attempts`;
    const failed = await eventually(
      async () =>
        (await api.get(attemptsPath, merchantKey)).body.data as Array<Record<string, any>>,
      (list) => list.some((a) => a.event_id === failing),
    );
    expect(failed.find((a) => a.event_id === failing)).to.include({
      status: 'failed',
      response_status_code: 500,
    });
    expect(listener.lines.some((l) => l.includes(failing) && l.includes('[500]'))).to.equal(true);

    // Resent through the API, it goes to the listener again, with the same webhook-id.
    local.setBehaviour(() => ({ status: 200 }));
    const resend = await api.post(
      `/v1/webhooks/${endpointId}/messages/${failing}/resend`,
      merchantKey,
      {},
    );
    expect(resend.status, resend.text).to.equal(202);
    const again = await local.waitFor(7);
    expect(again[6]!.headers['webhook-id']).to.equal(failing);
    expect(verifies(again[6]!, secret)).to.equal(true);
    await eventually(
      async () =>
        (await api.get(`/v1/webhooks/${endpointId}/messages`, merchantKey)).body.data as Array<
          Record<string, any>
        >,
      (messages) => messages.find((m) => m.event_id === failing)?.status === 'succeeded',
    );

    // Stopped, the endpoint is disabled: nothing is planned to it until the next listen.
    listener.child.kill('SIGINT');
    expect(await listener.exited).to.equal(0);
    await eventually(
      async () =>
        (await api.get(`/v1/webhooks/${endpointId}`, merchantKey)).body.disabled as boolean,
      (disabled) => disabled,
    );
    const again2 = await runCli(dir.path, ['listen', '--print-secret', ...flags()]);
    expect(again2.stdout.trim()).to.equal(secret);
  });

  it('refuses event types no endpoint may list, with the problem an endpoint gets', async () => {
    const refused = await runCli(dir.path, [
      'listen',
      '--forward-to',
      'http://127.0.0.1:9/x',
      '--events',
      'order.nothing',
      ...flags(),
    ]);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/^sluice: .*order\.nothing/);
  });

  it('answers the tries of its own listener only', async () => {
    const other = await api.post('/v1/api-keys', admin, {
      role: 'merchant',
      merchant_id: 'mer_globex',
    });
    const forged = Buffer.from(
      JSON.stringify({
        due: { id: 'x', event_id: 'e', endpoint_id: 'we_x', due_at_ms: 1 },
        session: 's',
      }),
    ).toString('base64url');
    const res = await api.post('/v1/listen/attempts', other.body.key as string, {
      try: forged,
      status_code: 200,
      duration_ms: 1,
    });
    expect(res.status).to.equal(404);
  });

  it('holds at most four streams of a merchant open at once', async () => {
    const key = (
      await api.post('/v1/api-keys', admin, { role: 'merchant', merchant_id: 'mer_many' })
    ).body.key as string;
    const open = async () => {
      const stopped = new AbortController();
      const res = await fetch(`${server.url}/v1/listen`, {
        headers: { authorization: `Bearer ${key}` },
        signal: stopped.signal,
      });
      return { status: res.status, res, stop: () => stopped.abort() };
    };
    const streams = [await open(), await open(), await open(), await open()];
    expect(streams.map((s) => s.status)).to.deep.equal([200, 200, 200, 200]);
    const fifth = await open();
    expect(fifth.status).to.equal(429);
    expect(((await fifth.res.json()) as { code: string }).code).to.equal('rate_limited');
    streams[0]!.stop();
    // Once one closes, another may open.
    const next = await eventually(open, (s) => s.status === 200 || (s.stop(), false));
    for (const s of [...streams.slice(1), next]) s.stop();
  });

  it('listens with a portal session that may send, showing the secret only with view_secret', async () => {
    const tokenOf = async (capabilities: string[]) => {
      const link = await api.post('/v1/portal/sessions', admin, {
        merchant_id: 'mer_portal',
        capabilities,
      });
      const code = new URL(link.body.url as string).hash.replace('#code=', '');
      return (await api.post('/v1/portal/exchange', undefined, { code })).body.token as string;
    };
    const secretWith = (token: string) =>
      runCli(dir.path, ['listen', '--print-secret', '--url', server.url, '--key', token]);
    const seeing = await secretWith(await tokenOf(['view', 'send', 'view_secret']));
    expect(seeing.code, seeing.stderr).to.equal(0);
    expect(seeing.stdout).to.match(/^whsec_/);
    const blind = await secretWith(await tokenOf(['view', 'send']));
    expect(blind.code, blind.stderr).to.equal(0);
    expect(blind.stdout).to.not.include('whsec_');
    const viewOnly = await secretWith(await tokenOf(['view']));
    expect(viewOnly.code).to.equal(1);
    expect(viewOnly.stderr).to.include('send');
  });
});
