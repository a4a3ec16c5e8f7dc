import { expect } from 'chai';
import { expectedDeliveries } from './crash/expectedDeliveries.js';
import type { LoadState } from './crash/load.js';
import { MERCHANTS, startLoad } from './crash/load.js';
import type { LogEntry } from './crash/log.js';
import { logReader } from './crash/log.js';
import { readModels, rebuildAll } from './crash/readModels.js';
import type { RestartingServer } from './crash/restartingServer.js';
import { restartingServer } from './crash/restartingServer.js';
import { crashSettings, seededRandom } from './crash/settings.js';
import type { TestReceiver } from '../support/receiver.js';
import { receiverPool, verifies } from '../support/receiver.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_crash_restart_admin_key_0123456789abcdef';

const FLOW = {
  id: 'crash.flow',
  name: 'Emit, wait, finish',
  input_schema: { type: 'object', required: ['n'], properties: { n: { type: 'number' } } },
  steps: [
    { id: 'double', type: 'transform', value: 'input.n * 2' },
    { id: 'confirm', type: 'emit', event_type: 'order.confirmed', data: '{ "n": input.n }' },
    { id: 'pause', type: 'delay', duration_ms: 300 },
  ],
  output: 'steps.double',
};
const APPROVAL = {
  id: 'crash.approval',
  name: 'Wait for a person',
  input_schema: { type: 'object' },
  steps: [{ id: 'review', type: 'approval' }],
  output: '"approved"',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` (which throws while its condition does not hold) until it passes or time is up. */
const eventually = async (check: () => Promise<void>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
};

describe('crash and restart: SIGKILL at random moments under load', function () {
  const settings = crashSettings();
  // Each kill costs a start of the server (one to two seconds) and its uptime.
  this.timeout(180_000 + settings.kills * (settings.upMaxMs + 5_000));
  const replay = `SLUICE_CRASH_SEED=${settings.seed} SLUICE_CRASH_KILLS=${settings.kills}`;
  const random = seededRandom(settings.seed);
  const answers = seededRandom(settings.seed ^ 0x5eed);
  const dir = tempDir('sluice-crash-');
  const receivers = receiverPool();
  const receiverOf = new Map<string, TestReceiver>();
  const state: LoadState = {
    acknowledged: [],
    endpoints: [],
    approved: new Set(),
    approvalUnknown: new Set(),
    calls: { sent: 0, failed: 0 },
  };
  let server: RestartingServer;
  let readLog: () => Promise<LogEntry[]>;
  let killedWhileStarting = 0;
  const urlOf = (merchant: string, label: string) => `${receiverOf.get(merchant)!.url}/${label}`;
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await server.call(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.be.within(200, 299);
    return res.body;
  };

  before(async () => {
    process.stderr.write(`    crash run: ${replay}\n`);
    for (const merchant of MERCHANTS) {
      // A receiver that fails now and then: retries cross the kills too.
      receiverOf.set(
        merchant,
        await receivers.start(() => ({ status: answers.chance(0.05) ? 500 : 204 })),
      );
    }
    server = await restartingServer(
      {
        SLUICE_DATA_DIR: dir.path,
        SLUICE_ADMIN_KEY: ADMIN,
        SLUICE_ALLOW_HTTP_URLS: 'true',
        SLUICE_ALLOW_PRIVATE_URLS: 'true',
        SLUICE_RETRY_SCHEDULE_S: '0.2,0.4,0.8,1,1,1,1,1,1,1',
        SLUICE_ATTEMPT_TIMEOUT_MS: '2000',
        SLUICE_RATE_LIMIT_RPS: '100000',
      },
      ADMIN,
    );
    readLog = logReader(server);
    for (const definition of [FLOW, APPROVAL]) {
      await admin('POST', '/v1/process-definitions', definition);
      await admin('POST', `/v1/process-definitions/${definition.id}/activate`, { version: 1 });
    }
    for (const merchant of MERCHANTS) {
      for (const [label, settings] of [
        ['all', {}],
        ['orders', { filter_types: ['order.created', 'invoice.sent'] }],
        ['eu', { channels: ['eu'] }],
      ] as const) {
        const body = { merchant_id: merchant, url: urlOf(merchant, label), ...settings };
        const endpoint = (await admin('POST', '/v1/webhooks', body)) as { id: string };
        state.acknowledged.push({ kind: 'endpoint', id: endpoint.id });
        state.endpoints.push({ id: endpoint.id, merchant });
      }
    }

    const load = startLoad(server, random, { seed: settings.seed, workers: 3, urlOf }, state);
    for (let kill = 0; kill < settings.kills; kill++) {
      // One kill in five lands while the server starts: during its recovery, or before it listens.
      const { whileStarting } = random.chance(0.2)
        ? await server.killAndRestart(random.between(0, 1500), { whileStarting: true })
        : await server.killAndRestart(random.between(settings.upMinMs, settings.upMaxMs));
      if (whileStarting) killedWhileStarting++;
    }
    await server.ready();
    await sleep(1000);
    await load.stop();
    process.stderr.write(
      `    ${settings.kills} kills (${killedWhileStarting} while starting), ` +
        `${state.calls.sent} calls, ${state.acknowledged.length} acknowledged\n`,
    );
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed') {
      process.stderr.write(`    replay with: ${replay}\n`);
      process.stderr.write(`    errors the servers logged:\n${server.errorLines().join('\n')}\n`);
      process.stderr.write(`    last server output:\n${server.lastOutput().slice(-3000)}\n`);
    }
  });

  after(async () => {
    await server?.stop();
    await receivers.closeAll();
    dir.remove();
  });

  it('starts again after every kill, and made most calls under load', () => {
    expect(server.startFailures()).to.deep.equal([]);
    expect(state.acknowledged.filter((a) => a.kind === 'event').length).to.be.at.least(100);
  });

  it('has every acknowledged write in the log', async () => {
    const log = await readLog();
    const inLog = (ack: LoadState['acknowledged'][number]): boolean => {
      switch (ack.kind) {
        case 'event':
          return log.some((e) => e.stream === `event-${ack.id}`);
        case 'endpoint':
          return log.some(
            (e) => e.type === 'webhook_endpoint.created' && e.data.endpoint_id === ack.id,
          );
        case 'endpoint_update':
          return log.some(
            (e) =>
              e.type === 'webhook_endpoint.updated' &&
              e.data.endpoint_id === ack.id &&
              e.data.changes.description === ack.description,
          );
        case 'run':
          return log.some(
            (e) => e.stream === `process_instance-${ack.id}` && e.type.endsWith('.created'),
          );
        case 'approval':
          return log.some(
            (e) =>
              e.stream === `process_instance-${ack.instance}` &&
              e.type === 'process_instance.approval_resolved',
          );
      }
    };
    expect(state.acknowledged.filter((ack) => !inLog(ack))).to.deep.equal([]);
  });

  it('leaves no process instance stuck: each completes, or waits for its approval', async () => {
    await eventually(async () => {
      const log = await readLog();
      const created = log.filter(
        (e) => e.stream.startsWith('process_instance-') && e.type === 'process_instance.created',
      );
      const stuck: string[] = [];
      for (const entry of created) {
        const id = entry.stream.slice('process_instance-'.length);
        const instance = (await admin('GET', `/v1/process-instances/${id}`)) as Record<string, any>;
        const approval = instance.definition.id === APPROVAL.id;
        const expected = !approval
          ? ['completed']
          : state.approved.has(id)
            ? ['completed']
            : state.approvalUnknown.has(id)
              ? ['completed', 'waiting']
              : ['waiting'];
        const fine =
          expected.includes(instance.status as string) &&
          (instance.status !== 'completed' ||
            (approval
              ? instance.result.output === 'approved'
              : instance.result.output === instance.inputs.n * 2));
        if (!fine) stuck.push(`${id} ${instance.definition.id} ${instance.status}`);
      }
      expect(created.length).to.be.at.least(10);
      expect(stuck).to.deep.equal([]);
    }, 30_000);
  });

  it('delivered every deliverable event to each endpoint that receives it, signed, with a stable webhook-id', async () => {
    const types = await admin('GET', '/v1/event-types');
    const deliverable = new Set<string>(
      (types.data as Array<{ name: string; deliverable: boolean }>)
        .filter((t) => t.deliverable)
        .map((t) => t.name),
    );
    const receivedAt = (url: string) => {
      const target = new URL(url);
      const receiver = [...receiverOf.values()].find((r) => new URL(r.url).host === target.host)!;
      return receiver.received.filter((d) => d.path === target.pathname);
    };
    let expected = expectedDeliveries([], deliverable);
    await eventually(async () => {
      expected = expectedDeliveries(await readLog(), deliverable);
      const missing = expected.must.filter(
        (e) => !receivedAt(e.endpoint.url).some((d) => d.body.id === e.event),
      );
      expect(missing.map((m) => `${m.event} (${m.type}) to ${m.endpoint.id}`)).to.deep.equal([]);
    }, 45_000);
    expect(expected.must.length).to.be.at.least(100);

    for (const endpoint of expected.endpoints) {
      const { key } = (await admin('GET', `/v1/webhooks/${endpoint.id}/secret`)) as { key: string };
      const copies = new Map<string, string>();
      for (const delivery of receivedAt(endpoint.url)) {
        const where = `${delivery.body.id} to ${endpoint.id}`;
        expect(delivery.headers['webhook-id'], where).to.equal(delivery.body.id);
        expect(verifies(delivery, key), `signature of ${where}`).to.equal(true);
        expect(expected.allowed.has(`${endpoint.id} ${delivery.body.id}`), where).to.equal(true);
        // Every copy of a delivery carries the same body.
        expect(copies.get(delivery.body.id) ?? delivery.raw, where).to.equal(delivery.raw);
        copies.set(delivery.body.id, delivery.raw);
      }
    }
  });

  it('serves read models equal to a rebuild from the log', async () => {
    // Settled first: nothing pending, so that nothing moves between the two reads.
    await eventually(async () => {
      for (const merchant of MERCHANTS) {
        const endpoints = await admin('GET', `/v1/webhooks?merchant_id=${merchant}&limit=100`);
        for (const { id } of endpoints.data as Array<{ id: string }>) {
          const pending = await admin('GET', `/v1/webhooks/${id}/messages?status=pending`);
          expect(pending.data, id).to.deep.equal([]);
        }
      }
    }, 30_000);
    const before = await readModels(server, MERCHANTS);
    const rebuilt = await rebuildAll(server);
    expect(rebuilt.length).to.be.at.least(6);
    const after = await readModels(server, MERCHANTS);
    expect(after).to.deep.equal(before);
  });
});
