import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiClient } from '../support/apiClient.js';
import { NO_POSTGRES, dropSchema, postgresUrl } from '../support/postgresSchema.js';
import type { TestReceiver } from '../support/receiver.js';
import { receiverPool } from '../support/receiver.js';
import type { RoleCluster } from '../support/roleProcesses.js';
import {
  allLiveAndCaughtUp,
  busiestWindow,
  firstDifference,
  projectionStatuses,
  readRoutes,
  roleCluster,
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
const IN_FLIGHT = 20;
const INSTANCES = 20;
/** The dispatcher and the executor are killed once this share of the events is published. */
const KILL_AT = 0.3;
const DRAIN_MS = 120_000;
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
    definition: {
      id: 'mp.review',
      name: 'Review after a cooling-off period',
      input_schema: { type: 'object' },
      steps: [
        { id: 'cool_off', type: 'delay', duration_ms: 1000 },
        { id: 'review', type: 'approval' },
        { id: 'settle', type: 'delay', duration_ms: 500 },
      ],
      output: '"settled"',
    },
    person: 'review',
    signal: ['approvals', { step_id: 'review', decision: 'approved', comment: 'ok' }] as const,
  },
  {
    definition: {
      id: 'mp.confirm',
      name: 'Confirmation, then a pause',
      input_schema: { type: 'object' },
      steps: [
        { id: 'confirm', type: 'user_action' },
        { id: 'pause', type: 'delay', duration_ms: 800 },
      ],
      output: 'steps.confirm',
    },
    person: 'confirm',
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
  /** The last moment anything waits for the service. */
  deadline: number;
};

/** A write's answer: its body when 2xx, else undefined with the failure recorded. */
const written = async (run: Run, what: string, call: () => Promise<any>) => {
  try {
    const res = await call();
    if (res.status >= 200 && res.status < 300) return res.body as Record<string, any>;
    run.failures.push(`${what}: ${res.status} ${String(res.text).slice(0, 300)}`);
  } catch (error) {
    run.failures.push(`${what}: ${String(error)}`);
  }
  return undefined;
};

/** A GET on API #2 right after API #1 acknowledged the write it reads back. */
const readBack = async (run: Run, api: ApiClient, path: string) => {
  run.readsChecked++;
  const res = await api.get(path, ADMIN);
  if (res.status !== 200) run.staleReads.push(`GET ${path} on API #2: ${res.status}`);
};

const publishEvents = async (apis: Apis, run: Run) => {
  let next = 0;
  const publisher = async () => {
    for (let i = next++; i < EVENTS; i = next++) {
      const limited = i % LIMITED_EVERY === 0;
      const api = i % 2 === 0 ? apis.first : apis.second;
      const body = {
        type: limited ? 'invoice.sent' : 'order.created',
        merchant_id: SHOP,
        data: { n: i },
      };
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
  const created = await written(run, `instance ${i}`, () =>
    apis.first.post(`/v1/processes/${flow.definition.id}/runs`, ADMIN, {
      merchant_id: FLOWS_MERCHANT,
      input: { n: i },
    }),
  );
  if (!created) return;
  const path = `/v1/process-instances/${created.id as string}`;
  await readBack(run, apis.second, path);
  const read = async () => (await apis.second.get(path, ADMIN)).body as Record<string, any>;
  const parked = await until(
    async () => {
      const steps = (await read()).steps as Array<{ id: string; status: string }>;
      return steps.some((step) => step.id === flow.person && step.status === 'waiting');
    },
    () => run.deadline,
  );
  const [route, body] = flow.signal;
  if (parked)
    await written(run, `${route} of ${path}`, () =>
      apis.second.post(`${path}/${route}`, ADMIN, body),
    );
  await until(
    async () => TERMINAL.has((await read()).status as string),
    () => run.deadline,
  );
  const last = await read();
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

const summary = (run: Run, receiver: TestReceiver | undefined) => {
  const tallies = tallyByPath(receiver?.received ?? []);
  const due = [...routed(run).values()].reduce((sum, ids) => sum + ids.length, 0);
  const requests = [...tallies.values()].reduce((sum, t) => sum + t.requests, 0);
  const distinct = [...tallies.values()].reduce((sum, t) => sum + t.ids.size, 0);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return [
    `${run.published.all.length} events published`,
    `${due} deliveries due, ${requests} received, ${requests - distinct} duplicates`,
    `busiest second at the limited endpoint ${busiestWindow(tallies.get(LIMITED_PATH)?.arrivals ?? [])}/${RATE_LIMIT}`,
    `${run.instances.filter((i) => i.status === 'completed').length}/${INSTANCES} instances completed`,
    `publishing ${seconds(run.publishedAt - run.startedAt)} s`,
    `drained ${run.drainedAt ? `${seconds(run.drainedAt - run.publishedAt)} s after` : 'never'}`,
    `elapsed ${seconds(Date.now() - run.startedAt)} s`,
  ].join(', ');
};

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite(TITLE, NO_POSTGRES);
} else {
  describe(TITLE, function () {
    this.timeout(170_000);
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
      deadline: Date.now() + 300_000,
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
      }
      for (const { definition } of FLOWS) {
        const res = await apis.first.post('/v1/process-definitions', ADMIN, definition);
        expect(res.status, res.text).to.equal(201);
        const activation = { version: res.body.version as number };
        const path = `/v1/process-definitions/${definition.id}/activate`;
        expect((await apis.first.post(path, ADMIN, activation)).status).to.equal(200);
      }

      run.startedAt = Date.now();
      const instances = Array.from({ length: INSTANCES }, (_, i) => runInstance(apis, run, i));
      await Promise.all([
        publishEvents(apis, run),
        probeEndpoints(apis, run, receiver.url),
        killAndReplace(cluster, run),
      ]);
      run.deadline = run.publishedAt + DRAIN_MS;
      const drained = await until(() => missingDeliveries(receiver!, run) === 0, run.deadline, 500);
      if (drained) run.drainedAt = Date.now();
      await Promise.all(instances);
    });

    after(async () => {
      console.log(`      ${TITLE}: ${summary(run, receiver)}`);
      for (const line of cluster.errorLines()) console.log(`      logged: ${line}`);
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

    it(`sends the limited endpoint at most ${RATE_LIMIT} requests in any second, across both dispatchers`, () => {
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
      const ops = cluster.running('projector,api')[0]!.api!;
      const settled = () =>
        until(
          async () => allLiveAndCaughtUp(await projectionStatuses(ops, ADMIN)),
          Date.now() + 60_000,
        );
      expect(await settled(), 'projections caught up before the rebuild').to.equal(true);
      const endpoints = (await apis.second.get(`/v1/webhooks?merchant_id=${SHOP}`, ADMIN)).body
        .data;
      const routes = [
        `/v1/webhooks?merchant_id=${SHOP}`,
        `/v1/webhooks?merchant_id=${PROBES}`,
        ...endpoints.flatMap((e: { id: string }) => [
          `/v1/webhooks/${e.id}/messages`,
          `/v1/webhooks/${e.id}/attempts`,
        ]),
        `/v1/events?merchant_id=${SHOP}`,
        `/v1/events?merchant_id=${FLOWS_MERCHANT}`,
        `/v1/process-instances?merchant_id=${FLOWS_MERCHANT}`,
        '/v1/process-definitions',
      ];
      const before = await readRoutes(apis.second, ADMIN, routes);
      for (const { name } of await projectionStatuses(ops, ADMIN)) {
        const res = await ops.post(`/v1/admin/projections/${name}/rebuild`, ADMIN);
        expect(res.status, `rebuild ${name}: ${res.text}`).to.equal(202);
      }
      expect(await settled(), 'every rebuild ended and swapped in').to.equal(true);
      const after = await readRoutes(apis.second, ADMIN, routes);
      expect(firstDifference(before, after), 'the reads before and after the rebuild').to.equal(
        undefined,
      );
    });
  });
}
