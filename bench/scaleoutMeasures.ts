/**
 * The workload the scale-out benchmark runs on each deployment, the same on each: a burst of
 * events to four endpoints, publish to receipt at a steady rate, runs that wait for their end, and
 * a quiet spell.
 */
import { publishAtOnce, waitFor } from './delivery.js';
import type { SteadyRun } from './postgresDelivery.js';
import { steady } from './postgresDelivery.js';
import type { Receiver } from './receiver.js';
import type { Deployment } from './scaleoutDeployment.js';
import { totalCpu } from './scaleoutDeployment.js';
import { percentile } from './support.js';

const BURST_ENDPOINTS = 4;

export type Burst = {
  /** Publish answers per second while the burst was published. */
  publishRate: number;
  /** Webhooks received per second, from the first publish to the last receipt. */
  deliveryRate: number;
  /** CPU seconds of the deployment (and PostgreSQL) per 1,000 webhooks delivered. */
  cpuPer1000: number;
  /** The same, by role. */
  cpuPer1000ByRole: Record<string, number>;
};

export type Measures = {
  burst: Burst;
  steady: SteadyRun;
  runs: { p50: number; p99: number };
  /** The deployment's CPU use with nothing to do, as a fraction of one core. */
  idleCores: number;
};

const seconds = (since: number) => (performance.now() - since) / 1000;

/** `events` events from 32 publishers at once, each to the four endpoints of the merchant. */
const burst = async (
  deployment: Deployment,
  receiver: Receiver,
  events: number,
  round: string,
): Promise<Burst> => {
  const endpoints: string[] = [];
  for (let i = 0; i < BURST_ENDPOINTS; i++) {
    const made = await deployment.call('POST', '/v1/webhooks', {
      merchant_id: 'mer_bench',
      url: `${receiver.url}?${round}=${i}`,
    });
    endpoints.push(String(made.id));
  }
  const deliveries = events * BURST_ENDPOINTS;
  const before = receiver.count();
  const cpu = deployment.cpu();
  const started = performance.now();
  await publishAtOnce(deployment.call, `evt_${round}`, events);
  const publishRate = events / seconds(started);
  await waitFor(() => receiver.count() - before >= deliveries, 600_000);
  const deliveryRate = deliveries / seconds(started);
  const used = cpu.since();
  const per1000 = (seconds: number) => (seconds * 1000) / deliveries;
  const cpuPer1000ByRole = Object.fromEntries(
    Object.entries(used).map(([role, seconds]) => [role, per1000(seconds)]),
  );
  for (const id of endpoints) await deployment.call('DELETE', `/v1/webhooks/${id}`);
  return { publishRate, deliveryRate, cpuPer1000: per1000(totalCpu(used)), cpuPer1000ByRole };
};

/** Publish to receipt at the steady rate, after a second of the same load not counted. */
const steadyRun = async (
  deployment: Deployment,
  receiver: Receiver,
  runSeconds: number,
  tag: string,
): Promise<SteadyRun> => {
  const made = await deployment.call('POST', '/v1/webhooks', {
    merchant_id: 'mer_steady',
    url: `${receiver.url}?steady=${tag}`,
  });
  await steady(deployment, receiver, `evt_${tag}_steady_warm`, 1, 'mer_steady');
  const run = await steady(deployment, receiver, `evt_${tag}_steady`, runSeconds, 'mer_steady');
  await deployment.call('DELETE', `/v1/webhooks/${String(made.id)}`);
  return run;
};

/** One-step runs that wait for their end, one after the other: round trips in ms. */
const runsWithWait = async (deployment: Deployment, count: number) => {
  await deployment.call('POST', '/v1/process-definitions', {
    id: 'bench.double',
    name: 'Double',
    input_schema: { type: 'object', required: ['n'], properties: { n: { type: 'number' } } },
    steps: [{ id: 'double', type: 'transform', value: 'input.n * 2' }],
    output: 'steps.double',
  });
  await deployment.call('POST', '/v1/process-definitions/bench.double/activate', { version: 1 });
  const body = { merchant_id: 'mer_bench', input: { n: 21 }, wait: { timeout_ms: 5000 } };
  const samples: number[] = [];
  // The first runs warm the path up (each process's first run of a definition loads it).
  for (let i = 0; i < count + 50; i++) {
    const started = performance.now();
    const run = await deployment.call('POST', '/v1/processes/bench.double/runs', body);
    if (run.status !== 'completed') throw new Error(`a run ended ${String(run.status)}`);
    if (i >= 50) samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

/** The deployment's CPU over a quiet spell, after a pause for what the last phase left. */
const idle = async (deployment: Deployment, spellSeconds: number) => {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const cpu = deployment.cpu();
  await new Promise((resolve) => setTimeout(resolve, spellSeconds * 1000));
  return totalCpu(cpu.since()) / spellSeconds;
};

/** The workload on `deployment`; `tag` sets its events apart from another's at the same receiver. */
export const measureDeployment = async (
  deployment: Deployment,
  tag: string,
  receiver: Receiver,
  sizes: { burst: number; steadySeconds: number; runs: number; idleSeconds: number },
): Promise<Measures> => {
  const phase = (what: string) => process.stderr.write(`  … ${deployment.name}: ${what}\n`);
  phase(`warm-up burst of ${Math.round(sizes.burst / 10)} events (not counted)`);
  await burst(deployment, receiver, Math.round(sizes.burst / 10), `${tag}_warm`);
  phase(`burst of ${sizes.burst} events to ${BURST_ENDPOINTS} endpoints`);
  const measuredBurst = await burst(deployment, receiver, sizes.burst, `${tag}_burst`);
  phase(`steady publishing for ${sizes.steadySeconds} s`);
  const steadyMeasured = await steadyRun(deployment, receiver, sizes.steadySeconds, tag);
  phase(`${sizes.runs} runs with wait`);
  const runs = await runsWithWait(deployment, sizes.runs);
  phase(`idle for ${sizes.idleSeconds} s`);
  const idleCores = await idle(deployment, sizes.idleSeconds);
  return { burst: measuredBurst, steady: steadyMeasured, runs, idleCores };
};
