import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { createKey } from '../support/builders.js';
import { attemptsOf, eventually } from '../support/delivery.js';
import type { DnsServer } from '../support/dnsServer.js';
import { startDnsServer } from '../support/dnsServer.js';
import { activeDefinition, run } from '../support/processes.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const HOSTILE = 'mer_hostile';
const QUIET = 'mer_quiet';
/** Names under which the test's DNS server never answers. */
const isSlow = (name: string) => name.startsWith('slow-');

const testSend = async (service: TestService, key: string, endpointId?: string) => {
  const res = await service.api.post('/v1/webhooks/test', key, {
    ...(endpointId && { endpoint_id: endpointId }),
  });
  expect(res.status, res.text).to.equal(202);
};

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

/**
 * A TCP port whose connections never complete: a process listening with a backlog of one that
 * never accepts, its backlog filled. A connection to it waits for as long as its client lets it.
 */
const hangingPort = async () => {
  const child: ChildProcess = spawn(process.execPath, [
    '-e',
    `const server = require('node:net').createServer();
     server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
       console.log(server.address().port);
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000);
     });`,
  ]);
  const port = await new Promise<number>((resolve) =>
    child.stdout!.once('data', (data: Buffer) => resolve(Number(String(data).trim()))),
  );
  const fillers: Socket[] = Array.from({ length: 4 }, () =>
    connect({ port, host: '127.0.0.1' }).on('error', () => undefined),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    port,
    close: () => {
      for (const socket of fillers) socket.destroy();
      child.kill();
    },
  };
};

describe('a DNS server that never answers one merchant’s names', function () {
  this.timeout(30_000);
  let dns: DnsServer;
  let service: TestService;
  let receiver: TestReceiver;

  before(async () => {
    dns = await startDnsServer({ silent: isSlow });
    dns.table.set('quiet-hooks.example', ['127.0.0.1']);
    receiver = await startTestReceiver();
    service = await startTestService({
      SLUICE_DNS_SERVERS: dns.address,
      SLUICE_DNS_TIMEOUT_MS: '2000',
    });
  });
  after(async () => {
    await service.stop();
    await receiver.close();
    await dns.close();
  });

  it('costs the other merchants nothing: their endpoints are created and their webhooks arrive at once', async () => {
    const hostile = await createKey(service, 'merchant', HOSTILE);
    const hostileEndpoints: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await service.api.post('/v1/webhooks', hostile, {
        url: `http://slow-${i}.example/hooks`,
      });
      expect(res.status, res.text).to.equal(201);
      hostileEndpoints.push(res.body.id as string);
    }
    for (let i = 0; i < 10; i++) await testSend(service, hostile);
    // The hostile names are being asked of the configured server, which keeps silent.
    await eventually(
      () => Promise.resolve(dns.questions.filter((q) => isSlow(q.name)).length),
      (asked) => asked >= 6,
    );

    const port = new URL(receiver.url).port;
    const quiet = await createKey(service, 'merchant', QUIET);
    for (const [i, url] of [
      `http://127.0.0.1:${port}/by-address`,
      `http://quiet-hooks.example:${port}/by-name`,
    ].entries()) {
      const created = await timed(() => service.api.post('/v1/webhooks', quiet, { url }));
      expect(created.value.status, created.value.text).to.equal(201);
      expect(created.ms, 'POST /v1/webhooks').to.be.below(1_000);
      const sentAt = Date.now();
      await testSend(service, quiet, created.value.body.id as string);
      const [arrived] = (await receiver.waitFor(i + 1, 5_000)).slice(i);
      expect(arrived!.path).to.equal(new URL(url).pathname);
      expect(arrived!.at - sentAt, url).to.be.below(2_000);
    }

    // The hostile attempts end as DNS failures once the lookup gives up.
    const [attempt] = await eventually(
      () => attemptsOf(service, hostileEndpoints[0]!),
      (a) => a.length > 0,
    );
    expect(attempt!.error).to.deep.include({ code: 'dns' });
  });

  it('holds an http step to its timeout_ms while its host is looked up, or its connection hangs', async () => {
    const hanging = await hangingPort();
    try {
      const targets = {
        lookup: 'http://slow-step.example/call',
        connection: `http://127.0.0.1:${hanging.port}/call`,
      };
      for (const [what, url] of Object.entries(targets)) {
        const id = `slow.${what}`;
        await activeDefinition(service, {
          id,
          name: id,
          input_schema: { type: 'object' },
          steps: [{ id: 'call', type: 'http', method: 'GET', url, timeout_ms: 500 }],
        });
        const ran = await timed(() => run(service, id, { wait: { timeout_ms: 20_000 } }));
        expect(ran.value.body.status, `${what}: ${ran.value.text}`).to.equal('failed');
        expect(ran.value.body.error, what).to.include({ step_id: 'call', code: 'timeout' });
        expect(ran.ms, what).to.be.below(2_000);
      }
      expect(dns.questions.map((q) => q.name)).to.include('slow-step.example');
    } finally {
      hanging.close();
    }
  });

  it('refuses at publication an http step whose header value cannot be sent, naming the header only', async () => {
    const published = await service.api.post('/v1/process-definitions', service.admin, {
      id: 'bad.header',
      name: 'bad header',
      input_schema: { type: 'object' },
      steps: [
        {
          id: 'call',
          type: 'http',
          method: 'GET',
          url: receiver.url,
          headers: { 'x-service-token': 'tok-3141\r\ninjected: yes' },
        },
      ],
    });
    expect(published.status, published.text).to.equal(400);
    expect(published.body.errors.map((e: { path: string }) => e.path)).to.deep.equal([
      'steps.0.headers.x-service-token',
    ]);
    expect(published.text).not.to.include('tok-3141');
  });
});

describe('checking an endpoint URL against a DNS server that never answers', function () {
  this.timeout(30_000);
  let dns: DnsServer;
  let service: TestService;

  before(async () => {
    dns = await startDnsServer({ silent: isSlow });
    dns.table.set('private-hooks.example', ['10.0.0.7']);
    service = await startTestService({
      SLUICE_ALLOW_HTTP_URLS: 'false',
      SLUICE_ALLOW_PRIVATE_URLS: 'false',
      SLUICE_DNS_SERVERS: dns.address,
      SLUICE_DNS_TIMEOUT_MS: '300',
    });
  });
  after(async () => {
    await service.stop();
    await dns.close();
  });

  it('answers within the DNS timeout, however many names the merchant tries at once', async () => {
    const hostile = await createKey(service, 'merchant', HOSTILE);
    const one = await timed(() =>
      service.api.post('/v1/webhooks', hostile, { url: 'https://slow-one.example/hooks' }),
    );
    // Not resolvable yet: accepted, and checked again on every delivery.
    expect(one.value.status, one.value.text).to.equal(201);
    expect(one.ms).to.be.below(1_500);

    const many = await timed(() =>
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          service.api.post('/v1/webhooks', hostile, { url: `https://slow-${i}.example/hooks` }),
        ),
      ),
    );
    for (const res of many.value) expect(res.status, res.text).to.equal(201);
    expect(many.ms).to.be.below(3_000);

    // The configured server is the one asked: a name it gives a private address is refused.
    const quiet = await createKey(service, 'merchant', QUIET);
    const refused = await service.api.post('/v1/webhooks', quiet, {
      url: 'https://private-hooks.example/hooks',
    });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.code).to.equal('invalid_url');
  });
});
