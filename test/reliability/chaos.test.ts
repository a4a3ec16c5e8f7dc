import { expect } from 'chai';
import postgres from 'pg';
import type { ChaosCluster } from '../support/chaosCluster.js';
import { startChaosCluster } from '../support/chaosCluster.js';
import type { ChaosMerchant, Ledger } from '../support/chaosLedger.js';
import {
  chaosMerchant,
  emptyLedger,
  eventually,
  everyPage,
  receiverCounts,
  underLoad,
} from '../support/chaosLedger.js';
import { definitionOf } from '../support/processes.js';
import type { PrivatePostgres } from '../support/privatePostgres.js';
import { privatePostgresUnavailable, startPrivatePostgres } from '../support/privatePostgres.js';
import { skipSuite } from '../support/skipSuite.js';

const ADMIN = 'sk_test_chaos_admin_key_000000001';
const FLOW = 'chaos.double';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`      ${line}\n`);

/**
 * The chaos run: the roles as eight processes on a PostgreSQL server of the test's own, under a
 * steady load, through every fault in turn. The test restarts nothing of the service: after each
 * fault every process is ready again within 10 s of the database answering, every accepted event
 * reached its receiver, every accepted run completed and no other ran, and the statistics and
 * attempt counts equal what the receivers got.
 */
const suite = () => {
  let pg: PrivatePostgres;
  let cluster: ChaosCluster;
  let merchants: ChaosMerchant[];
  let ledger: Ledger;

  before(async function () {
    this.timeout(60_000);
    pg = await startPrivatePostgres({ max_connections: '100' });
    // One receiver always answers 204; the other fails every seventh request, so retries happen.
    merchants = [await chaosMerchant('mer_steady'), await chaosMerchant('mer_flaky', 7)];
    ledger = emptyLedger(merchants);
    cluster = await startChaosCluster(pg, { SLUICE_ADMIN_KEY: ADMIN });
    const api = cluster.apis[0]!;
    for (const merchant of merchants) {
      const created = await api.post('/v1/webhooks', ADMIN, {
        merchant_id: merchant.id,
        url: merchant.receiver.url,
      });
      expect(created.status, created.text).to.equal(201);
      merchant.endpointId = created.body.id as string;
    }
    const flow = definitionOf(
      FLOW,
      [{ id: 'double', type: 'transform', value: 'input.n * 2' }],
      'steps.double',
    );
    expect((await api.post('/v1/process-definitions', ADMIN, flow)).status).to.equal(201);
    const activated = await api.post(`/v1/process-definitions/${FLOW}/activate`, ADMIN, {
      version: 1,
    });
    expect(activated.status, activated.text).to.equal(200);
  });
  after(async () => {
    await cluster?.close();
    for (const merchant of merchants ?? []) await merchant.receiver.close();
    await pg?.remove();
  });

  const load = (fault: () => Promise<void>) =>
    underLoad(cluster.apis, ADMIN, merchants, FLOW, ledger, fault);

  /** An event for each merchant and a run, once the database answers: how soon each is done. */
  const probe = async () => {
    const api = cluster.apis[0]!;
    const started = performance.now();
    const ids: string[] = [];
    for (const merchant of merchants) {
      const res = await api.post('/v1/events', ADMIN, {
        type: 'order.created',
        merchant_id: merchant.id,
        data: {},
      });
      expect(res.status, res.text).to.equal(201);
      ledger.events.get(merchant.id)!.push(res.body.id as string);
      ids.push(res.body.id as string);
    }
    const run = await api.post(`/v1/processes/${FLOW}/runs`, ADMIN, {
      merchant_id: merchants[0]!.id,
      input: { n: 1 },
    });
    expect(run.status, run.text).to.be.within(200, 202);
    ledger.runs.push(run.body.id as string);
    const late = await eventually(10_000, async () => {
      const delivered = merchants.every((m, i) => receiverCounts(m).delivered.has(ids[i]!));
      const instance = await api.get(`/v1/process-instances/${run.body.id as string}`, ADMIN);
      return delivered && instance.body.status === 'completed' ? undefined : 'still waiting';
    });
    expect(late, 'an event delivered and a run completed within 10 s').to.equal(undefined);
    return Math.round(performance.now() - started);
  };

  const everythingDelivered = () => {
    for (const merchant of merchants) {
      const { delivered } = receiverCounts(merchant);
      const missing = ledger.events.get(merchant.id)!.filter((id) => !delivered.has(id));
      if (missing.length > 0)
        return Promise.resolve(`${merchant.id}: ${missing.length} events not delivered`);
    }
    return Promise.resolve(undefined);
  };

  const everyRunAccountedFor = async () => {
    const instances = await everyPage<{ id: string; status: string }>(
      cluster.apis[1]!,
      ADMIN,
      `/v1/process-instances?definition_id=${FLOW}`,
    );
    const accepted = new Set(ledger.runs);
    const others = instances.filter((i) => !accepted.has(i.id));
    if (others.length > 0) return `${others.length} instances of runs not answered 2xx`;
    const completed = new Set(instances.filter((i) => i.status === 'completed').map((i) => i.id));
    const unfinished = ledger.runs.filter((id) => !completed.has(id));
    return unfinished.length > 0 ? `${unfinished.length} accepted runs not completed` : undefined;
  };

  /** The statistics and each message's attempts, against what the merchant's receiver got. */
  const countsMatch = async (merchant: ChaosMerchant) => {
    const api = cluster.apis[1]!;
    const counts = receiverCounts(merchant);
    const stats = (await api.get(`/v1/webhooks/${merchant.endpointId}/stats`, ADMIN)).body as {
      buckets: Array<{ succeeded: number; failed: number }>;
      messages: { succeeded: number; pending: number; failed: number };
    };
    const attempts = stats.buckets.reduce(
      (sum, b) => ({ succeeded: sum.succeeded + b.succeeded, failed: sum.failed + b.failed }),
      { succeeded: 0, failed: 0 },
    );
    const wanted = { succeeded: counts.succeeded, failed: counts.failed };
    if (JSON.stringify(attempts) !== JSON.stringify(wanted))
      return `${merchant.id}: attempts ${JSON.stringify(attempts)}, the receiver got ${JSON.stringify(wanted)}`;
    // The merchant's events, and the webhooks of its runs (created, completed).
    const { succeeded, pending, failed } = stats.messages;
    if (succeeded !== counts.delivered.size || pending !== 0 || failed !== 0)
      return `${merchant.id}: messages ${JSON.stringify(stats.messages)}, the receiver got ${counts.delivered.size}`;
    const listed = await everyPage<{ event_id: string; attempts: number }>(
      api,
      ADMIN,
      `/v1/webhooks/${merchant.endpointId}/messages`,
    );
    const off = listed.filter((m) => m.attempts !== (counts.byId.get(m.event_id) ?? 0));
    return off.length > 0
      ? `${merchant.id}: ${off.length} messages count other attempts than the receiver got, ${off[0]!.event_id}: ${off[0]!.attempts} against ${counts.byId.get(off[0]!.event_id)}`
      : undefined;
  };

  /** After a fault, with the database answering since `backAt`: everything accounted for. */
  const recovered = async (fault: string, backAt: number) => {
    const last = await cluster.allReadyWithin(10_000);
    const probed = await probe();
    const readyAfter = Math.max(0, Math.round(last.at - backAt));
    say(
      `${fault}: every process ready ${readyAfter} ms after the database answered; an event delivered and a run completed ${probed} ms after it`,
    );
    if (readyAfter > 3_000) say(`  the last, ${last.roles}, had answered ${last.lastRefusal}`);
    const settles = async (ms: number, check: () => Promise<string | undefined>) => {
      const complaint = await eventually(ms, check);
      expect(complaint, complaint).to.equal(undefined);
    };
    await settles(30_000, everythingDelivered);
    await settles(15_000, everyRunAccountedFor);
    for (const merchant of merchants) await settles(15_000, () => countsMatch(merchant));
    expect(ledger.answers['500'], 'no request answered 500').to.equal(0);
    expect(ledger.answers.none, 'every request answered').to.equal(0);
    const exited = cluster.exited().map((p) => `${p.roles}:\n${p.server.output().slice(-2000)}`);
    expect(exited, 'no process exited').to.deep.equal([]);
    say(`  so far ${JSON.stringify(ledger.answers)} answers, ${ledger.runs.length} runs accepted`);
  };

  it('terminates random backends every 2 s for 20 s', async () => {
    await load(async () => {
      for (let i = 0; i < 10; i++) {
        await pg.sql(
          "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND random() < 0.5",
        );
        await sleep(2_000);
      }
    });
    await recovered('backends terminated', performance.now());
  });

  it('restarts the server fast under load', async () => {
    let backAt = 0;
    await load(async () => {
      await sleep(1_000);
      await pg.restart();
      backAt = performance.now();
      await sleep(1_000);
    });
    await recovered('a fast restart', backAt);
  });

  it('crashes the server, down for 5 s: every process says it is not ready meanwhile', async () => {
    let backAt = 0;
    const notReady = new Set<number>();
    let refused: { status: number; retryAfter: string | null } | undefined;
    await load(async () => {
      await sleep(1_000);
      await pg.stop('immediate');
      const downUntil = performance.now() + 5_000;
      while (performance.now() < downUntil) {
        await Promise.all(
          cluster.processes.map(async (p, i) => {
            const ready = await p.api.get('/readyz').catch(() => undefined);
            if (ready?.status === 503) notReady.add(i);
          }),
        );
        const res = await cluster.apis[0]!.post('/v1/events', ADMIN, {
          type: 'order.created',
          merchant_id: merchants[0]!.id,
          data: {},
        });
        refused ??= { status: res.status, retryAfter: res.headers.get('retry-after') };
        await sleep(250);
      }
      await pg.start();
      backAt = performance.now();
      await sleep(1_000);
    });
    expect(refused).to.deep.equal({ status: 503, retryAfter: '1' });
    const stayedReady = cluster.processes.filter((_, i) => !notReady.has(i)).map((p) => p.roles);
    expect(stayedReady, 'processes that never said they were not ready').to.deep.equal([]);
    await recovered('a crash', backAt);
  });

  it('freezes the active projector past its hold, then wakes it', async () => {
    // After the crash before it, the standby may still be taking the role up (its lease, then
    // its start): the role is held by one within a lease and a start.
    const complaint = await eventually(15_000, () => {
      const holders = cluster.activeProjectors().length;
      return Promise.resolve(holders === 1 ? undefined : `${holders} projectors hold the role`);
    });
    expect(complaint, complaint).to.equal(undefined);
    const holding = cluster.activeProjectors();
    const frozen = holding[0];
    let tookOver = false;
    await load(async () => {
      await sleep(1_000);
      frozen!.server.child.kill('SIGSTOP');
      await sleep(7_000);
      tookOver = cluster.activeProjectors().some((p) => p !== frozen);
      frozen!.server.child.kill('SIGCONT');
      await sleep(2_000);
    });
    expect(tookOver, 'the standby took the role over while the active one was frozen').to.equal(
      true,
    );
    await recovered('a frozen projector', performance.now());
    expect(cluster.activeProjectors(), 'the woken one stood down').to.have.length(1);
  });

  it('takes every connection the server has for 8 s', async () => {
    let backAt = 0;
    let taken = 0;
    await load(async () => {
      await sleep(1_000);
      const hogs: postgres.Client[] = [];
      for (;;) {
        const hog = new postgres.Client({ connectionString: pg.url });
        hog.on('error', () => undefined);
        try {
          await hog.connect();
          hogs.push(hog);
        } catch {
          break;
        }
      }
      taken = hogs.length;
      await sleep(8_000);
      await Promise.all(hogs.map((hog) => hog.end().catch(() => undefined)));
      backAt = performance.now();
      await sleep(1_000);
    });
    expect(taken, 'the test took the connections left').to.be.above(0);
    await recovered('no connection left', backAt);
  });
};

const unavailable = privatePostgresUnavailable();
if (unavailable) skipSuite('the chaos run', unavailable);
else
  describe('the chaos run: the roles as eight processes through every database fault', function () {
    this.timeout(120_000);
    suite();
  });
