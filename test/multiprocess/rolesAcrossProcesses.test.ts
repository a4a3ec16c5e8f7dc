import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiClient } from '../support/apiClient.js';
import { NO_POSTGRES, dropSchema, postgresUrl } from '../support/postgresSchema.js';
import type { TestReceiver } from '../support/receiver.js';
import { receiverPool } from '../support/receiver.js';
import type { RoleCluster } from '../support/roleProcesses.js';
import {
  busiestWindow,
  firstDifference,
  readRoutes,
  roleCluster,
  settledProjections,
  sleep,
  tallyByPath,
  until,
} from '../support/roleProcesses.js';
import { skipSuite } from '../support/skipSuite.js';

const TITLE = 'roles as separate processes on one PostgreSQL';
const ADMIN = `sk_roles_across_processes_${randomUUID().replace(/-/g, '')}`;
/** The merchant the events are published for, and whose four endpoints receive them. */
const SHOP = 'mer_mp_shop';
/** The merchant of the process instances: it has no endpoint, so the deliveries stay countable. */
const FLOWS_MERCHANT = 'mer_mp_flows';
/** The merchant of endpoints made only to be read back from the other API process. */
const PROBES = 'mer_mp_probes';
const EVENTS = 5000;
/** Every tenth event is an `invoice.sent`, the only type the rate-limited endpoint receives. */
const LIMITED_EVERY = 10;
const RATE_LIMIT = 50;
/**
 * Publications in flight at once. Each waits for the projector, in another process, to apply it
 * (a few hundred milliseconds under this load), so the rate of publication is this many per wait.
 */
const IN_FLIGHT = 40;
const INSTANCES = 20;
/** The dispatcher and the executor are killed once this share of the events is published. */
const KILL_AT = 0.3;
/** How long deliveries may take to arrive once the last event is published. */
const DRAIN_MS = 120_000;
/** Whatever waits for the service ends this long after the first publication, at the latest. */
const SCENARIO_MS = 170_000;
const ENDPOINTS = [
  { name: 'all-1' },
  { name: 'all-2' },
  { name: 'all-3' },
  { name: 'limited', filter_types: ['invoice.sent'], rate_limit_per_s: RATE_LIMIT },
];
const LIMITED_PATH = '/hooks/limited';
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** Two shapes of process, each with durable timers and a step that waits for a person. */
const FLOWS = [
  {
    id: 'mp.review',
    steps: [
      { id: 'cool_off', type: 'delay', duration_ms: 1000 },
      { id: 'review', type: 'approval' },
      { id: 'settle', type: 'delay', duration_ms: 500 },
    ],
    signal: ['approvals', { step_id: 'review', decision: 'approved', comment: 'ok' }] as const,
  },
  {
    id: 'mp.confirm',
    steps: [
      { id: 'confirm', type: 'user_action' },
      { id: 'pause', type: 'delay', duration_ms: 800 },
    ],
    signal: ['user-actions', { step_id: 'confirm', data: { confirmed: true } }] as const,
  },
];

type Apis = { first: ApiClient; second: ApiClient };

/** What the run did and saw, for the checks and the summary line. */
type Run = {
  published: { all: string[]; limited: string[] };
  /** Writes that did not get their 2xx. */
  failures: string[];
  /** Reads on API #2 that missed a write API #1 had acknowledged. */
  staleReads: string[];
  readsChecked: number;
  instances: Array<{ id: string; status: string; steps: string }>;
  startedAt: number;
  publishedAt: number;
  drainedAt: number | undefined;
  /** The last moment anything waits for the service; it moves in once publishing is over. */
  deadline: number;
  /** The shop's endpoints by name. */
  endpoints: Map<string, string>;
  rebuildMs: number | undefined;
};

/** A write's answer: its body when 2xx, else undefined with the failure recorded. */
const written = async (run: Run, what: string, call: () => Promise<any>) => {
  try {
    const res = await call();
    if (res.status >= 200 && res.status < 300) return res.body as Record<string, any>;
    run.failures.push(`${what}: ${res.status} ${String(res.text).slice(0, 300)}`);
  } catch (error) {
    run.failures.push(`${what}: ${String(error).slice(0, 300)}`);
  }
  return undefined;
};

/** A GET on API #2 right after API #1 acknowledged the write it reads back. */
const readBack = async (run: Run, api: ApiClient, path: string) => {
  run.readsChecked++;
  const res = await api.get(path, ADMIN).catch((error: unknown) => ({ status: String(error) }));
  if (res.status !== 200) run.staleReads.push(`GET ${path} on API #2: ${res.status}`);
};

const publishEvents = async (apis: Apis, run: Run) => {
  let next = 0;
  const publisher = async () => {
    for (let i = next++; i < EVENTS; i = next++) {
      const limited = i % LIMITED_EVERY === 0;
      const api = i % 2 === 0 ? apis.first : apis.second;
      const type = limited ? 'invoice.sent' : 'order.created';
      const body = { type, merchant_id: SHOP, data: { n: i } };
      const event = await written(run, `event ${i}`, () => api.post('/v1/events', ADMIN, body));
      if (!event) continue;
      run.published.all.push(event.id as string);
      if (limited) run.published.limited.push(event.id as string);
      if (i % 250 === 0) await readBack(run, apis.second, `/v1/events/${event.id as string}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, publisher));
  run.publishedAt = Date.now();
};

const probeEndpoints = async (apis: Apis, run: Run, url: string) => {
  for (let i = 0; i < 5; i++) {
    await sleep(1500);
    const body = { merchant_id: PROBES, url: `${url}/probe-${i}` };
    const made = await written(run, `probe ${i}`, () =>
      apis.first.post('/v1/webhooks', ADMIN, body),
    );
    if (made) await readBack(run, apis.second, `/v1/webhooks/${made.id as string}`);
  }
};

/** Starts an instance on API #1, reads it on API #2, and resolves its person step there. */
const runInstance = async (apis: Apis, run: Run, i: number) => {
  await sleep(i * 500);
  const flow = FLOWS[i % FLOWS.length]!;
  const [route, signal] = flow.signal;
  const body = { merchant_id: FLOWS_MERCHANT, input: { n: i } };
  const created = await written(run, `instance ${i}`, () =>
    apis.first.post(`/v1/processes/${flow.id}/runs`, ADMIN, body),
  );
  if (!created) return;
  const path = `/v1/process-instances/${created.id as string}`;
  await readBack(run, apis.second, path);
  let last: Record<string, any> = { id: created.id, status: 'unread', steps: [] };
  const read = async () => {
    const res = await apis.second.get(path, ADMIN).catch(() => undefined);
    if (res?.status === 200) last = res.body;
    return last;
  };
  const parked = await until(
    async () => {
      const steps = (await read()).steps as Array<{ id: string; status: string }>;
      return steps.some((step) => step.id === signal.step_id && step.status === 'waiting');
    },
    () => run.deadline,
  );
  if (parked)
    await written(run, `${route} of ${path}`, () =>
      apis.second.post(`${path}/${route}`, ADMIN, signal),
    );
  await until(
    async () => TERMINAL.has((await read()).status as string),
    () => run.deadline,
  );
  const steps = (last.steps as Array<{ id: string; status: string }>)
    .map((step) => `${step.id}:${step.status}`)
    .join(',');
  run.instances.push({ id: last.id as string, status: last.status as string, steps });
};

const killAndReplace = async (cluster: RoleCluster, run: Run) => {
  await until(
    () => run.published.all.length >= EVENTS * KILL_AT,
    () => run.deadline,
    50,
  );
  const victims = [cluster.running('dispatcher')[0]!, cluster.running('executor')[0]!];
  await Promise.all(victims.map(cluster.kill));
  await sleep(2000);
  await Promise.all([cluster.start('dispatcher'), cluster.start('executor')]);
};

/** The (endpoint path, event ids) pairs every event was routed to. */
const routed = (run: Run) =>
  new Map(
    ENDPOINTS.map(({ name }) => [
      `/hooks/${name}`,
      name === 'limited' ? run.published.limited : run.published.all,
    ]),
  );

const missingDeliveries = (receiver: TestReceiver, run: Run) => {
  const tallies = tallyByPath(receiver.received);
  let missing = 0;
  for (const [path, ids] of routed(run)) {
    const seen = tallies.get(path)?.ids ?? new Set();
    missing += ids.filter((id) => !seen.has(id)).length;
  }
  return missing;
};

/** Publishes, runs instances and kills a dispatcher and an executor; then waits for the deliveries. */
const runScenario = async (cluster: RoleCluster, apis: Apis, run: Run, receiver: TestReceiver) => {
  run.startedAt = Date.now();
  run.deadline = run.startedAt + SCENARIO_MS;
  const instances = Array.from({ length: INSTANCES }, (_, i) => runInstance(apis, run, i));
  await Promise.all([
    publishEvents(apis, run),
    probeEndpoints(apis, run, receiver.url),
    killAndReplace(cluster, run),
  ]);
  run.deadline = Math.min(run.publishedAt + DRAIN_MS, run.deadline);
  const drained = await until(() => missingDeliveries(receiver, run) === 0, run.deadline, 500);
  if (drained) run.drainedAt = Date.now();
  await Promise.all(instances);
};

/** The list routes compared before and after a rebuild, read whole. */
const listRoutes = (run: Run) => [
  `/v1/webhooks?merchant_id=${SHOP}`,
  `/v1/webhooks?merchant_id=${PROBES}`,
  ...[...run.endpoints.values()].map((id) => `/v1/webhooks/${id}/messages`),
  `/v1/webhooks/${run.endpoints.get('limited')!}/attempts`,
  `/v1/events?merchant_id=${SHOP}`,
  `/v1/events?merchant_id=${FLOWS_MERCHANT}`,
  `/v1/process-instances?merchant_id=${FLOWS_MERCHANT}`,
  '/v1/process-definitions',
];

const summary = (run: Run, receiver: TestReceiver | undefined) => {
  const tallies = [...tallyByPath(receiver?.received ?? []).entries()];
  const due = [...routed(run).values()].reduce((sum, ids) => sum + ids.length, 0);
  const requests = tallies.reduce((sum, [, t]) => sum + t.requests, 0);
  const distinct = tallies.reduce((sum, [, t]) => sum + t.ids.size, 0);
  const lastArrival = Math.max(run.startedAt, ...tallies.flatMap(([, t]) => t.arrivals));
  const limited = tallies.find(([path]) => path === LIMITED_PATH)?.[1].arrivals ?? [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `${run.published.all.length} events published in ${seconds(run.publishedAt - run.startedAt)} (${run.failures.length} writes failed)`,
    `${due} deliveries due, ${requests} received (${requests - distinct} duplicates), the last ${seconds(lastArrival - run.startedAt)} in`,
    `drained ${run.drainedAt ? `${seconds(run.drainedAt - run.publishedAt)} after the last publication` : 'never'}`,
    `busiest second at the limited endpoint ${busiestWindow(limited)}/${RATE_LIMIT}`,
    `${run.instances.filter((i) => i.status === 'completed').length}/${INSTANCES} instances completed`,
    `rebuild ${run.rebuildMs === undefined ? 'not done' : seconds(run.rebuildMs)}`,
    `elapsed ${seconds(Date.now() - run.startedAt)}`,
  ].join(', ');
};

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite(TITLE, NO_POSTGRES);
} else {
  describe(TITLE, function () {
    // The scenario's own deadlines end it first; this is only the backstop.
    this.timeout(SCENARIO_MS + 30_000);
    const schema = `mp_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const cluster = roleCluster({
      SLUICE_MODE: 'distributed',
      POSTGRES_URL: postgresUrl!,
      SLUICE_POSTGRES_SCHEMA: schema,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SLUICE_ALLOW_HTTP_URLS: 'true',
      SLUICE_ALLOW_PRIVATE_URLS: 'true',
      SLUICE_RETRY_SCHEDULE_S: '0.5,1,1,1,1,1,1,1,1,1',
      SLUICE_ATTEMPT_TIMEOUT_MS: '5000',
      // The per-key API limit would pace the publishers, not the service under test.
      SLUICE_RATE_LIMIT_RPS: '100000',
    });
    const receivers = receiverPool();
    let receiver: TestReceiver | undefined;
    let apis: Apis;
    const run: Run = {
      published: { all: [], limited: [] },
      failures: [],
      staleReads: [],
      readsChecked: 0,
      instances: [],
      startedAt: Date.now(),
      publishedAt: 0,
      drainedAt: undefined,
      deadline: Date.now() + SCENARIO_MS,
      endpoints: new Map(),
      rebuildMs: undefined,
    };

    before(async () => {
      receiver = await receivers.start();
      // The projector registers the read models that the other roles read as they start, and it
      // serves the API as well: the rebuild route runs where the projector runs.
      await cluster.start('projector,api');
      const roles = ['api', 'api', 'dispatcher', 'dispatcher', 'executor', 'executor'];
      await Promise.all(roles.map((role) => cluster.start(role)));
      const [first, second] = cluster.running('api').map((p) => p.api!);
      apis = { first: first!, second: second! };
      for (const { name, ...settings } of ENDPOINTS) {
        const body = { merchant_id: SHOP, url: `${receiver.url}/${name}`, ...settings };
        const res = await apis.first.post('/v1/webhooks', ADMIN, body);
        expect(res.status, res.text).to.equal(201);
        run.endpoints.set(name, res.body.id as string);
      }
      for (const { id, steps } of FLOWS) {
        const definition = { id, name: id, input_schema: { type: 'object' }, steps };
        const res = await apis.first.post('/v1/process-definitions', ADMIN, definition);
        expect(res.status, res.text).to.equal(201);
        const path = `/v1/process-definitions/${id}/activate`;
        const activated = await apis.first.post(path, ADMIN, { version: res.body.version });
        expect(activated.status, activated.text).to.equal(200);
      }
      await runScenario(cluster, apis, run, receiver);
    });

    after(async () => {
      console.log(`      ${TITLE}: ${summary(run, receiver)}`);
      const errors = cluster.errors();
      console.log(`      error lines logged by the roles: ${errors.count}`);
      for (const line of errors.first.slice(0, 5)) console.log(`      ${line}`);
      await cluster.stopAll();
      await receivers.closeAll();
      await dropSchema(schema);
    });

    it('acknowledges every write', () => {
      expect(run.failures).to.deep.equal([]);
    });

    it('delivers every event to every endpoint it is routed to, copies under one webhook-id', () => {
      const tallies = tallyByPath(receiver!.received);
      for (const [path, ids] of routed(run)) {
        const tally = tallies.get(path);
        const seen = tally?.ids ?? new Set<string>();
        const missing = ids.filter((id) => !seen.has(id));
        const unexpected = [...seen].filter((id) => !ids.includes(id));
        const figures = `${path}: ${ids.length} routed, ${seen.size} distinct, ${tally?.requests ?? 0} requests`;
        expect(missing, `${figures}; missing`).to.have.length(0);
        expect(unexpected, `${figures}; not routed there`).to.have.length(0);
        expect(tally!.mislabelled, `${figures}; webhook-id not the event's id`).to.equal(0);
      }
    });

    it(`sends the limited endpoint at most ${RATE_LIMIT} requests in any second`, () => {
      const arrivals = tallyByPath(receiver!.received).get(LIMITED_PATH)?.arrivals ?? [];
      expect(arrivals.length).to.be.at.least(run.published.limited.length);
      expect(busiestWindow(arrivals), `${arrivals.length} requests`).to.be.at.most(RATE_LIMIT);
    });

    it('ends every process instance, the executor kill notwithstanding', () => {
      const stuck = run.instances.filter((i) => i.status !== 'completed');
      expect(run.instances).to.have.length(INSTANCES);
      expect(stuck.map((i) => `${i.id} ${i.status} [${i.steps}]`)).to.deep.equal([]);
    });

    it('shows on API #2 at once what API #1 acknowledged', () => {
      expect(run.readsChecked).to.be.at.least(40);
      expect(run.staleReads).to.deep.equal([]);
    });

    it('keeps every process it did not kill running', () => {
      expect(cluster.exitedByThemselves()).to.deep.equal([]);
    });

    it('serves the same reads after every projection is rebuilt', async () => {
      // Reads of a log that still moves would differ for that reason alone.
      expect(run.drainedAt, 'every delivery arrived, so that the log is quiet').to.be.a('number');
      const ops = cluster.running('projector,api')[0]!.api!;
      const faults: string[] = [];
      await settledProjections(ops, ADMIN, faults, 'caught up before the rebuild');
      const before = await readRoutes(apis.second, ADMIN, listRoutes(run));
      const rebuildFrom = Date.now();
      for (const name of await settledProjections(ops, ADMIN, faults, 'still caught up')) {
        const res = await ops.post(`/v1/admin/projections/${name}/rebuild`, ADMIN).catch(
          // The rebuild is under way even when its answer breaks the contract: note it, go on.
          (error: unknown) => ({ status: 202, text: '', fault: String(error).slice(0, 600) }),
        );
        if ('fault' in res) faults.push(`rebuild ${name}: ${res.fault}`);
        expect(res.status, `rebuild ${name}: ${res.text}`).to.equal(202);
      }
      await settledProjections(ops, ADMIN, faults, 'every rebuild ended and swapped in');
      run.rebuildMs = Date.now() - rebuildFrom;
      const after = await readRoutes(apis.second, ADMIN, listRoutes(run));
      expect(firstDifference(before, after), 'reads before and after').to.equal(undefined);
      expect(faults, 'answers of the projection routes').to.deep.equal([]);
    });
  });
}
