/**
 * Backlog isolation: what a day-long backlog of one merchant costs another. A fresh merchant
 * publishes and receives its webhooks, first with nothing waiting, then with a backlog of another
 * merchant (every delivery planned, its endpoints limited to a few a second) waiting in the same
 * embedded server. Measured: the fresh merchant's publish rate and publish-to-receipt p99 in both,
 * the server's CPU while only the rate-limited work is left, and its peak RSS.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { writeBacklog } from './backlogSeed.js';
import { openDataset } from './dataset.js';
import type { BenchmarkOptions, BenchmarkResult } from './figures.js';
import { ofCeiling, withinCeiling } from './figures.js';
import { processMemory } from './memorySampler.js';
import type { Receiver } from './receiver.js';
import { startReceiver } from './receiver.js';
import type { BenchServer } from './serverProcess.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, percentile, table } from './support.js';

const ADMIN = 'sk_bench_backlog_admin_key_0123456789abcd';
const FRESH = 'mer_fresh';
/** The backlogged merchant's endpoints, and the rate each is limited to. */
const ENDPOINTS = 2;
const RATE_LIMIT_PER_S = 5;
const PUBLISHERS = 16;
const STEADY_RATE = 100;
const TARGET_RSS_MB = 250;

const phase = (name: string) => process.stderr.write(`  … ${name}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const caller = (url: string) => {
  const agent = new Agent({ connections: PUBLISHERS * 2 });
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await request(`${url}${path}`, {
      method,
      dispatcher: agent,
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
    return JSON.parse(text || '{}') as Record<string, unknown>;
  };
  return { call, close: () => agent.close() };
};

const waitFor = async (done: () => boolean, timeoutMs: number) => {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
};

/** The fresh merchant's figures on a running server: publish rate, then publish-to-receipt. */
const freshMerchant = async (
  server: BenchServer,
  receiver: Receiver,
  label: string,
  sizes: { burst: number; steadySeconds: number },
) => {
  const api = caller(server.url);
  try {
    const publish = (id: string) =>
      api.call('POST', '/v1/events', { id, type: 'order.created', merchant_id: FRESH, data: {} });
    const burst = async (prefix: string, count: number) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: PUBLISHERS }, async () => {
          while (next < count) await publish(`${prefix}_${next++}`);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      await waitFor(() => receiver.arrivals.has(`${prefix}_${count - 1}`), 120_000);
      return count / seconds;
    };
    await burst(`evt_${label}_warm`, 500);
    const rate = await burst(`evt_${label}_burst`, sizes.burst);

    const sentAt = new Map<string, number>();
    const total = STEADY_RATE * sizes.steadySeconds;
    const begin = performance.now();
    const published: Array<Promise<unknown>> = [];
    for (let i = 0; i < total; i++) {
      const wait = begin + (i * 1000) / STEADY_RATE - performance.now();
      if (wait > 0) await sleep(wait);
      const id = `evt_${label}_steady_${i}`;
      sentAt.set(id, performance.now());
      published.push(publish(id));
    }
    await Promise.all(published);
    await waitFor(() => [...sentAt.keys()].every((id) => receiver.arrivals.has(id)), 60_000);
    const latencies = [...sentAt].map(([id, at]) => receiver.arrivals.get(id)! - at);
    return { rate, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await api.close();
  }
};

/** The share of one core a process used over `seconds`, from its user and system time. */
const cpuShare = async (pid: number, seconds: number) => {
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, the 14th and 15th fields of the line, in clock ticks of 10 ms.
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = ticks();
  await sleep(seconds * 1000);
  return (ticks() - before) / 100 / seconds;
};

const serverEnv = (dir: string) => ({
  SLUICE_DATA_DIR: dir,
  SLUICE_ADMIN_KEY: ADMIN,
  SLUICE_ALLOW_HTTP_URLS: 'true',
  SLUICE_ALLOW_PRIVATE_URLS: 'true',
  SLUICE_RATE_LIMIT_RPS: '100000',
});

export const backlogBenchmark = async ({ quick }: BenchmarkOptions): Promise<BenchmarkResult> => {
  const events = quick ? 10_000 : 500_000;
  const waiting = events * ENDPOINTS;
  const sizes = { burst: quick ? 1_000 : 5_000, steadySeconds: quick ? 3 : 10 };
  const idleSeconds = quick ? 5 : 20;
  const receiver = await startReceiver();
  try {
    return await inTempDir(async (dir) => {
      phase(
        `the backlogged merchant: ${ENDPOINTS} endpoints at ${RATE_LIMIT_PER_S}/s, none waiting yet`,
      );
      const empty = await openDataset(dir, receiver.url);
      await empty.addEndpoints(0, ENDPOINTS, { rateLimitPerS: RATE_LIMIT_PER_S });
      await empty.close();

      phase('before the backlog: the fresh merchant publishes');
      let server = await startBenchServer(serverEnv(dir));
      await caller(server.url).call('POST', '/v1/webhooks', {
        merchant_id: FRESH,
        url: `${receiver.url}?merchant=fresh`,
      });
      const before = await freshMerchant(server, receiver, 'before', sizes);
      await server.stop();

      phase(`writing the backlog: ${events} events, ${waiting} deliveries`);
      const dataset = await openDataset(dir, receiver.url);
      await writeBacklog(dataset.eventStore, events, ENDPOINTS, (written) => {
        if (written % 50_000 === 0) phase(`  ${written} events`);
      });
      await dataset.close();

      phase('with the backlog: the fresh merchant publishes');
      server = await startBenchServer(serverEnv(dir));
      try {
        const withBacklog = await freshMerchant(server, receiver, 'with', sizes);
        phase(`the server alone with the rate-limited backlog, ${idleSeconds} s`);
        const cpu = await cpuShare(server.child.pid!, idleSeconds);
        const { peakMb } = processMemory(server.child.pid!);

        console.log(
          `\nBacklog isolation (${waiting} deliveries waiting on ${ENDPOINTS} endpoints limited to ${RATE_LIMIT_PER_S}/s; the fresh merchant: ${PUBLISHERS} publishers, then ${STEADY_RATE} events/s)`,
        );
        table(
          [
            ['before the backlog', before],
            ['with the backlog', withBacklog],
          ].map(([when, f]) => {
            const figures = f as typeof before;
            return {
              '': when as string,
              'publish rate /s': Math.round(figures.rate),
              'p50 publish to receipt': `${figures.p50.toFixed(1)} ms`,
              p99: `${figures.p99.toFixed(1)} ms`,
            };
          }),
        );
        console.log(
          `server CPU while only the rate-limited work waits: ${(cpu * 100).toFixed(1)} % of a core; peak RSS ${peakMb.toFixed(1)} MB`,
        );
        console.log('targets: rate >= 0.9 of before, p99 <= 1.5x before, CPU < 5 %, RSS < 250 MB');
        return {
          name: 'backlog',
          title: 'Backlog isolation',
          figures: [
            ofCeiling(
              `a fresh merchant's publish rate with ${waiting} deliveries of another waiting`,
              withBacklog.rate,
              'events/s',
              { what: 'the same before the backlog', value: before.rate },
              0.9,
            ),
            withinCeiling(
              `its publish-to-receipt p99 at ${STEADY_RATE} events/s, with the backlog`,
              withBacklog.p99,
              'ms',
              { what: 'the same before the backlog', value: before.p99 },
              1.5,
            ),
            withinCeiling(
              'server CPU while only the rate-limited backlog waits',
              cpu * 100,
              '% of a core',
              { what: 'the budget of issue 20', value: 5 },
              1,
            ),
            withinCeiling(
              'peak RSS of the server with the backlog',
              peakMb,
              'MB',
              { what: 'the budget of issue 20', value: TARGET_RSS_MB },
              1,
            ),
          ],
          notes: [
            `${events} events of one merchant, each planned to its ${ENDPOINTS} endpoints (limited to ${RATE_LIMIT_PER_S}/s each, a receiver answering 204): ${waiting} deliveries waiting, written through the server's own stores and projections while it was stopped.`,
            `The fresh merchant, before and with the backlog: ${sizes.burst} events from ${PUBLISHERS} publishers (after 500 unmeasured), each delivered to its one endpoint; then ${STEADY_RATE} events/s for ${sizes.steadySeconds} s, each timed from its publish to its receipt (before: p50 ${before.p50.toFixed(1)} ms; with: p50 ${withBacklog.p50.toFixed(1)} ms).`,
            `CPU from the server's user and system time over ${idleSeconds} s after the fresh merchant's last webhook, while the backlog drains at its rate; peak RSS is the server's VmHWM.`,
          ],
        };
      } finally {
        await server.stop();
      }
    });
  } finally {
    await receiver.close();
  }
};
