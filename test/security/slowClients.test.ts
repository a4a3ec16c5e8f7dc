import { request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';
import type { Held } from './heldSocket.js';
import { openHeld } from './heldSocket.js';
import type { SlowLorisPlan, SlowLorisReport } from './slowLoris.js';

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 1500;
/** How long past its timeout a slow socket may stay open: Node checks on an interval. */
const CUT_WITHIN_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection to the service from `localAddress`, with when the server ended it. */
const open = (service: TestService, localAddress = '127.0.0.1'): Promise<Held> =>
  openHeld(service.url, localAddress);

/** A GET on a fresh connection, as an ordinary client makes it: its status and how long it took. */
const timedGet = (service: TestService, path: string, key?: string) =>
  new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const req = request(`${service.url}${path}`, {
      agent: false,
      ...(key && { headers: { authorization: `Bearer ${key}` } }),
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started }));
    });
    req.end();
  });

/** Whether a fresh connection from `localAddress` is answered (true) or cut (false). */
const served = async (service: TestService, localAddress = '127.0.0.1'): Promise<boolean> => {
  const held = await open(service, localAddress);
  held.socket.write('GET /healthz HTTP/1.1\r\nHost: sluice\r\nConnection: close\r\n\r\n');
  const answer = await new Promise<string>((resolve) => {
    let text = '';
    held.socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    held.socket.on('end', () => resolve(text));
  });
  return answer.startsWith('HTTP/1.1 200');
};

describe('slow clients: connections are cut after their timeout', function () {
  this.timeout(20_000);
  let service: TestService;
  before(async () => {
    service = await startTestService({
      SLUICE_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      SLUICE_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    });
  });
  after(() => service?.stop());

  it('closes 500 sockets that send their headers or body slowly, while other clients stay prompt', async () => {
    // Once before, so that what is timed is the slow clients' doing, not a first request's.
    await timedGet(service, '/healthz');
    await timedGet(service, '/v1/api-keys', service.admin);
    const plan: SlowLorisPlan = {
      url: service.url,
      key: service.admin,
      slowHeaders: 400,
      slowBodies: 100,
      // From ten addresses, each under the default cap per address.
      addresses: Array.from({ length: 10 }, (_, i) => `127.0.0.${10 + i}`),
      dripEveryMs: 250,
      giveUpMs: REQUEST_TIMEOUT_MS + CUT_WITHIN_MS,
    };
    const attacker = new Worker(new URL('./slowLoris.js', import.meta.url), { workerData: plan });
    const reportOf = (kind: SlowLorisReport['kind']) =>
      new Promise<SlowLorisReport>((resolve, reject) => {
        attacker.on('error', reject);
        attacker.on('message', (report: SlowLorisReport) => {
          if (report.kind === kind) resolve(report);
        });
      });
    const opened = reportOf('open');
    const reported = reportOf('done');
    let done = false;
    reported.then(
      () => (done = true),
      () => (done = true),
    );
    await opened;
    // Reading 100 requests' headers at once is a burst of work like any 100 requests: what is
    // timed is the holding of the sockets after it.
    await sleep(100);
    const probes: Array<{ status: number; ms: number; what: string }> = [];
    while (!done) {
      const [health, keys] = await Promise.all([
        timedGet(service, '/healthz'),
        timedGet(service, '/v1/api-keys', service.admin),
      ]);
      probes.push({ ...health, what: 'GET /healthz' }, { ...keys, what: 'GET /v1/api-keys' });
      await sleep(50);
    }
    const lives = (await reported) as SlowLorisReport & { kind: 'done' };
    await attacker.terminate();

    for (const [kind, timeout] of [
      ['slowHeaders', HEADERS_TIMEOUT_MS],
      ['slowBodies', REQUEST_TIMEOUT_MS],
    ] as const) {
      expect(lives[kind]).to.have.length(plan[kind]);
      expect(Math.max(...lives[kind]), `${kind}: open the longest`).to.be.below(
        timeout + CUT_WITHIN_MS,
      );
      expect(Math.min(...lives[kind]), `${kind}: cut the soonest`).to.be.at.least(timeout - 50);
    }
    expect(probes.length).to.be.at.least(6);
    for (const probe of probes) {
      expect(probe.status, probe.what).to.equal(200);
      expect(probe.ms, `${probe.what} took ${Math.round(probe.ms)} ms`).to.be.below(200);
    }
  });
});

describe('slow clients: open connections are capped per address', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ SLUICE_MAX_CONNECTIONS_PER_IP: '50' });
  });
  after(() => service?.stop());

  it('cuts the 51st connection from one address at once, and serves the 50 and other addresses', async () => {
    const held = await Promise.all(Array.from({ length: 50 }, () => open(service)));
    // Each of the 50 is served, so each is counted.
    const statuses = await Promise.all(
      held.map(
        ({ socket }) =>
          new Promise<string>((resolve) => {
            socket.once('data', (chunk: Buffer) => resolve(chunk.toString().split('\r\n')[0]!));
            socket.write('GET /healthz HTTP/1.1\r\nHost: sluice\r\n\r\n');
          }),
      ),
    );
    expect(new Set(statuses)).to.deep.equal(new Set(['HTTP/1.1 200 OK']));

    const extra = await open(service);
    await sleep(300);
    expect(extra.endedAt, 'the 51st is cut').to.not.equal(undefined);
    expect(extra.endedAt! - extra.openedAt).to.be.below(300);
    expect(
      held.every((h) => h.endedAt === undefined),
      'the 50 stay open',
    ).to.equal(true);
    expect(await served(service, '127.0.0.2'), 'another address').to.equal(true);

    // A closed connection frees its place.
    held[0]!.socket.destroy();
    await sleep(100);
    expect(await served(service), 'once one of the 50 closed').to.equal(true);
    for (const h of held) h.socket.destroy();
  });
});
