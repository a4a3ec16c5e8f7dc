import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiClient } from '../support/apiClient.js';
import { NO_POSTGRES, dropSchema, postgresUrl } from '../support/postgresSchema.js';
import { startThreadedReceiver } from '../support/threadedReceiver.js';
import type { RoleCluster } from '../support/roleProcesses.js';
import {
  busiestWindow,
  firstDifference,
  missingPairs,
  readRoutes,
  rebuildAll,
  roleCluster,
  settledProjections,
  sleep,
  tallyByPath,
  until,
  writeLedger,
} from '../support/roleProcesses.js';
import { skipSuite } from '../support/skipSuite.js';

const TITLE = 'roles as separate processes on one PostgreSQL';
const ADMIN = `sk_roles_across_processes_${randomUUID().replace(/-/g, '')}`;
/** The merchant of the published events, and of the four endpoints that receive them. */
const SHOP = 'mer_mp_shop';
/** The merchant of the process instances: it has no endpoint, so the deliveries stay countable. */
const FLOWS_MERCHANT = 'mer_mp_flows';
const EVENTS = 5000;
/** Every tenth event is an `invoice.sent`, the only type the rate-limited endpoint receives. */
const LIMITED_EVERY = 10;
const RATE_LIMIT = 50;
/** Each publication waits for the projector in another process: the rate is this many per wait. */
const IN_FLIGHT = 80;
const INSTANCES = 20;
/** The dispatcher and the executor are killed once this share of the events is published. */
const KILL_AT = 0.3;
/**
 * How long deliveries may take to arrive once the last event is published. A quiet machine drains
 * in about 20 s; the bounds leave room for one shared with other work.
 */
const DRAIN_MS = 180_000;
/** Whatever waits for the service ends this long after the first publication, at the latest. */
const SCENARIO_MS = 270_000;
const LIMITED = { filter_types: ['invoice.sent'], rate_limit_per_s: RATE_LIMIT };
type Filter = { filter_types?: string[] };
const ENDPOINTS = { 'all-1': {}, 'all-2': {}, 'all-3': {}, limited: LIMITED };
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
    signal: ['approvals', { step_id: 'review', decision: 'approved' }] as const,
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
type Receiver = Awaited<ReturnType<typeof startThreadedReceiver>>;

/** What the run did and saw, for the checks and the summary line. */
type Run = {
  published: number;
  /** The events routed to each endpoint (a path of the receiver), as its filter_types say. */
  routed: Map<string, string[]>;
  /** Writes that did not get their 2xx, and reads on API #2 that missed a write of API #1. */
  ledger: ReturnType<typeof writeLedger>;
  instances: Array<{ id: string; status: string; steps: string }>;
  startedAt: number;
  publishedAt: number;
  drainedAt: number | undefined;
  /** The last moment anything waits for the service; it moves in once publishing is over. */
  deadline: number;
  endpoints: Map<string, string>;
};

const publishEvents = async (apis: Apis, run: Run) => {
  let next = 0;
  const publisher = async () => {
    for (let i = next++; i < EVENTS; i = next++) {
      const type = i % LIMITED_EVERY === 0 ? 'invoice.sent' : 'order.created';
      const api = i % 2 === 0 ? apis.first : apis.second;
      const publish = () => api.post('/v1/events', ADMIN, { type, merchant_id: SHOP, data: { i } });
      const event = await run.ledger.written(`event ${i}`, publish);
      if (!event) continue;
      run.published++;
      for (const [name, { filter_types }] of Object.entries<Filter>(ENDPOINTS))
        if (!filter_types || filter_types.includes(type))
          run.routed.get(`/hooks/${name}`)!.push(event.id as string);
      if (i % 250 === 0) await run.ledger.readBack(apis.second, `/v1/events/${event.id as string}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, publisher));
  run.publishedAt = Date.now();
};

type Step = { id: string; status: string };

/** Starts an instance on API #1, reads it back on API #2, and resolves its person step there. */
const runInstance = async (apis: Apis, run: Run, i: number) => {
  await sleep(i * 500);
  const { id, signal } = FLOWS[i % FLOWS.length]!;
  const body = { merchant_id: FLOWS_MERCHANT, input: { i } };
  const runs = `/v1/processes/${id}/runs`;
  const made = await run.ledger.written(`run ${i}`, () => apis.first.post(runs, ADMIN, body));
  if (!made) return;
  const path = `/v1/process-instances/${made.id as string}`;
  await run.ledger.readBack(apis.second, path);
  let last: Record<string, any> = { id: made.id, status: 'unread', steps: [] };
  const read = async () => {
    const res = await apis.second.get(path, ADMIN).catch(() => undefined);
    if (res?.status === 200) last = res.body;
    return last;
  };
  const [route, answer] = signal;
  const parked = (step: Step) => step.id === answer.step_id && step.status === 'waiting';
  const over = () => TERMINAL.has(last.status as string);
  const post = () => apis.second.post(`${path}/${route}`, ADMIN, answer);
  if ((await until(async () => (await read()).steps.some(parked) || over(), run)) && !over())
    await run.ledger.written(`${route} of ${path}`, post);
  await until(async () => TERMINAL.has((await read()).status as string), run);
  const steps = (last.steps as Step[]).map((step) => `${step.id}:${step.status}`).join();
  run.instances.push({ id: last.id as string, status: last.status as string, steps });
};

const killAndReplace = async (cluster: RoleCluster, run: Run) => {
  await until(() => run.published >= EVENTS * KILL_AT, run, 50);
  const victims = ['dispatcher', 'executor'].map((role) => cluster.running(role)[0]!);
  await Promise.all(victims.map(cluster.kill));
  await sleep(2000);
  await Promise.all([cluster.start('dispatcher'), cluster.start('executor')]);
};

/** The endpoints, and the definitions, made on API #1: each endpoint read back at once on API #2. */
const setUp = async (apis: Apis, run: Run, url: string) => {
  const write = (path: string, body: object) =>
    run.ledger.required(path, () => apis.first.post(path, ADMIN, body));
  for (const [name, settings] of Object.entries(ENDPOINTS)) {
    const body = { merchant_id: SHOP, url: `${url}/${name}`, ...settings };
    const made = await write('/v1/webhooks', body);
    run.endpoints.set(name, made.id as string);
    await run.ledger.readBack(apis.second, `/v1/webhooks/${made.id as string}`);
  }
  for (const { id, steps } of FLOWS) {
    const made = await write('/v1/process-definitions', { id, name: id, input_schema: {}, steps });
    await write(`/v1/process-definitions/${id}/activate`, { version: made.version as number });
  }
};

/** Publishes, runs instances and kills a dispatcher and an executor; then waits for deliveries. */
const runScenario = async (cluster: RoleCluster, apis: Apis, run: Run, receiver: Receiver) => {
  run.startedAt = Date.now();
  run.deadline = run.startedAt + SCENARIO_MS;
  const instances = Array.from({ length: INSTANCES }, (_, i) => runInstance(apis, run, i));
  await Promise.all([publishEvents(apis, run), killAndReplace(cluster, run)]);
  run.deadline = Math.min(run.publishedAt + DRAIN_MS, run.deadline);
  if (await until(() => missingPairs(run.routed, receiver.received) === 0, run.deadline, 500))
    run.drainedAt = Date.now();
  await Promise.all(instances);
};

/** The list routes compared before and after a rebuild, read whole. */
const listRoutes = (run: Run) => [
  `/v1/webhooks?merchant_id=${SHOP}`,
  ...[...run.endpoints.values()].map((id) => `/v1/webhooks/${id}/messages`),
  `/v1/webhooks/${run.endpoints.get('limited')!}/attempts`,
  ...[SHOP, FLOWS_MERCHANT].map((merchant) => `/v1/events?merchant_id=${merchant}`),
  `/v1/process-instances?merchant_id=${FLOWS_MERCHANT}`,
  '/v1/process-definitions',
];

const summary = (run: Run, receiver: Receiver | undefined, errorLines: number) => {
  const tallies = tallyByPath(receiver?.received ?? []);
  const due = [...run.routed.values()].reduce((sum, ids) => sum + ids.length, 0);
  const requests = [...tallies.values()].reduce((sum, t) => sum + t.requests, 0);
  const distinct = [...tallies.values()].reduce((sum, t) => sum + t.ids.size, 0);
  const lastAt = Math.max(run.startedAt, ...[...tallies.values()].flatMap((t) => t.arrivals));
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `${run.published} events published in ${s(run.publishedAt - run.startedAt)} (${run.ledger.failures.length} writes failed)`,
    `${due} deliveries due, ${requests} received (${requests - distinct} duplicates), the last at ${s(lastAt - run.startedAt)}`,
    `drained ${run.drainedAt ? `${s(run.drainedAt - run.publishedAt)} after the last publication` : 'never'}`,
    `busiest second at the limited endpoint ${busiestWindow(tallies.get(LIMITED_PATH)?.arrivals ?? [])}/${RATE_LIMIT}`,
    `${run.instances.filter((i) => i.status === 'completed').length}/${INSTANCES} instances completed`,
    `${errorLines} error lines logged by the roles, elapsed ${s(Date.now() - run.startedAt)}`,
  ].join(', ');
};

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite(TITLE, NO_POSTGRES);
} else {
  describe(TITLE, function () {
    // The scenario's own deadlines end it first: this is only the backstop.
    this.timeout(SCENARIO_MS + 30_000);
    const schema = `mp_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const cluster = roleCluster({
      POSTGRES_URL: postgresUrl!,
      SLUICE_POSTGRES_SCHEMA: schema,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SLUICE_RETRY_SCHEDULE_S: '0.5,1,1,1,1,1,1,1,1,1',
      SLUICE_ATTEMPT_TIMEOUT_MS: '5000',
      // The per-key API limit would pace the publishers, not the service under test.
      SLUICE_RATE_LIMIT_RPS: '100000',
    });
    let receiver: Receiver | undefined;
    let apis: Apis;
    const run: Run = {
      ...{ published: 0, ledger: writeLedger(ADMIN) },
      routed: new Map(Object.keys(ENDPOINTS).map((name) => [`/hooks/${name}`, []])),
      ...{ instances: [], startedAt: Date.now(), publishedAt: 0, drainedAt: undefined },
      ...{ deadline: Date.now() + SCENARIO_MS, endpoints: new Map() },
    };

    before(async () => {
      // On a thread of its own: the arrival times the rate is judged on are not the test's stalls.
      receiver = await startThreadedReceiver();
      // The projector registers the read models the other roles read as they start. It serves the
      // API as well: the rebuild route runs where the projector runs.
      await cluster.start('projector,api');
      const roles = ['api', 'api', 'dispatcher', 'dispatcher', 'executor', 'executor'];
      await Promise.all(roles.map((role) => cluster.start(role)));
      const [first, second] = cluster.running('api').map((p) => p.api!);
      apis = { first: first!, second: second! };
      await setUp(apis, run, receiver.url);
      await runScenario(cluster, apis, run, receiver);
    });

    after(async () => {
      const { count, first } = cluster.errors();
      console.log(`      ${TITLE}: ${summary(run, receiver, count)}`);
      for (const line of first.slice(0, 5)) console.log(`      ${line}`);
      await cluster.stopAll();
      await receiver?.close();
      await dropSchema(schema);
    });

    it('acknowledges every write', () => {
      expect(run.ledger.failures).to.deep.equal([]);
    });

    it('delivers every event to every endpoint it is routed to, copies under one webhook-id', () => {
      const tallies = tallyByPath(receiver!.received);
      for (const [path, ids] of run.routed) {
        const tally = tallies.get(path) ?? { requests: 0, ids: new Set<string>(), mislabelled: 0 };
        const missing = ids.filter((id) => !tally.ids.has(id));
        const unexpected = [...tally.ids].filter((id) => !ids.includes(id));
        const figures = `${path}: ${ids.length} routed, ${tally.ids.size} distinct, ${tally.requests} requests`;
        expect(missing, `${figures}; missing`).to.have.length(0);
        expect(unexpected, `${figures}; not routed there`).to.have.length(0);
        expect(tally.mislabelled, `${figures}; webhook-id not the event's id`).to.equal(0);
      }
    });

    it(`sends the limited endpoint at most ${RATE_LIMIT} requests in any second`, () => {
      const arrivals = tallyByPath(receiver!.received).get(LIMITED_PATH)?.arrivals ?? [];
      expect(arrivals.length).to.be.at.least(run.routed.get(LIMITED_PATH)!.length);
      expect(busiestWindow(arrivals), `${arrivals.length} requests`).to.be.at.most(RATE_LIMIT);
    });

    it('ends every process instance, the executor kill notwithstanding', () => {
      const stuck = run.instances.filter((i) => i.status !== 'completed');
      expect(run.instances).to.have.length(INSTANCES);
      expect(stuck.map((i) => `${i.id} ${i.status} [${i.steps}]`)).to.deep.equal([]);
    });

    it('shows on API #2 at once what API #1 acknowledged', () => {
      expect(run.ledger.readsChecked).to.be.at.least(40);
      expect(run.ledger.staleReads).to.deep.equal([]);
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
      await rebuildAll(ops, ADMIN, faults);
      const after = await readRoutes(apis.second, ADMIN, listRoutes(run));
      expect(firstDifference(before, after), 'reads before and after').to.equal(undefined);
      expect(faults, 'answers of the projection routes').to.deep.equal([]);
    });
  });
}
