/**
 * Delivery throughput and publish-to-receipt latency, against the ceiling of the same machine in
 * the same run: signed POSTs from a bare undici loop to the same receiver at the same concurrency.
 * Sluice records every attempt durably; the bare loop records nothing.
 */
import { Agent, request } from 'undici';
import { Webhook } from 'standardwebhooks';
import { measureFifoThroughput } from './deliveryFifo.js';
import { measureFilterCost } from './deliveryFilter.js';
import type { Receiver } from './receiver.js';
import { startReceiver } from './receiver.js';
import { startBenchServer } from './serverProcess.js';
import type { BenchmarkOptions, BenchmarkResult } from './figures.js';
import { pairedFigure, withinCeiling } from './figures.js';
import { processMemory } from './memorySampler.js';
import { inTempDir, percentile, table } from './support.js';

const ADMIN = 'sk_bench_admin_key_0123456789abcdefghijkl';
const CONCURRENCY = 16;
const RATE = 500;
const BURST_ENDPOINTS = 4;
/** Publishers of a backlog or a burst, at once. */
const PUBLISHERS = 32;
const BURST_TARGET_MB = 300;

/** The ceiling: a loop of `CONCURRENCY` workers posting signed bodies as fast as the receiver answers. */
const bareLoop = async (receiver: Receiver, total: number): Promise<number> => {
  const agent = new Agent({ connections: CONCURRENCY });
  const webhook = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const id = `evt_bare_${next++}`;
      const body = JSON.stringify({
        id,
        type: 'order.created',
        merchant_id: 'mer_bench',
        created_at: new Date().toISOString(),
        data: { n: next },
      });
      const now = new Date();
      const res = await request(receiver.url, {
        method: 'POST',
        dispatcher: agent,
        body,
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': webhook.sign(id, now, body),
        },
      });
      await res.body.dump();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  return total / seconds;
};

/** Publishers share 64 connections: when the server falls behind, requests queue here and the wait counts. */
const publishers = new Agent({ connections: 64 });

export const api = (url: string) => async (method: string, path: string, body?: unknown) => {
  const res = await request(`${url}${path}`, {
    method: method as 'GET',
    dispatcher: publishers,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
  return JSON.parse(text || '{}') as Record<string, unknown>;
};

/** Publishes `count` events (`<prefix>_<n>`) from `PUBLISHERS` publishers at once. */
export const publishAtOnce = async (
  call: ReturnType<typeof api>,
  prefix: string,
  count: number,
) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < count) {
        const n = next++;
        await call('POST', '/v1/events', {
          id: `${prefix}_${n}`,
          type: 'order.created',
          merchant_id: 'mer_bench',
          data: { n },
        });
      }
    }),
  );
};

export const waitFor = async (done: () => boolean, timeoutMs: number) => {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

export const serverEnv = (dir: string) => ({
  SLUICE_DATA_DIR: dir,
  SLUICE_ADMIN_KEY: ADMIN,
  SLUICE_ALLOW_HTTP_URLS: 'true',
  SLUICE_ALLOW_PRIVATE_URLS: 'true',
  SLUICE_RATE_LIMIT_RPS: '100000',
  SLUICE_ENDPOINT_CONCURRENCY: String(CONCURRENCY),
});

/**
 * The peak RSS of a fresh server through a burst: `events` published from many publishers at once
 * to four endpoints, until every webhook has arrived.
 */
const burstPeakMb = (receiver: Receiver, events: number): Promise<number> =>
  inTempDir(async (dir) => {
    const server = await startBenchServer(serverEnv(dir));
    try {
      const call = api(server.url);
      for (let i = 0; i < BURST_ENDPOINTS; i++)
        await call('POST', '/v1/webhooks', {
          merchant_id: 'mer_bench',
          url: `${receiver.url}?burst=${i}`,
        });
      const before = receiver.count();
      await publishAtOnce(call, 'evt_burst', events);
      await waitFor(() => receiver.count() - before >= events * BURST_ENDPOINTS, 600_000);
      return processMemory(server.child.pid!).peakMb;
    } finally {
      await server.stop();
    }
  });

export const deliveryBenchmark = async ({ quick }: BenchmarkOptions): Promise<BenchmarkResult> => {
  const backlog = quick ? 1000 : 3000;
  const ROUNDS = quick ? 3 : 5;
  const rateSeconds = quick ? 3 : 8;
  return inTempDir(async (dir) => {
    const receiver = await startReceiver();
    const server = await startBenchServer(serverEnv(dir));
    const call = api(server.url);
    try {
      const phase = (name: string) => process.stderr.write(`  … ${name}\n`);
      phase('backlog');
      // The backlog: published before any endpoint exists, so that nothing is delivered yet.
      await publishAtOnce(call, 'evt_backlog', backlog);

      // Throughput, in rounds: the ceiling, then the whole backlog replayed to a new endpoint. The
      // machine's speed drifts between rounds; within a round both run on the same machine.
      const measureRound = async (round: number) => {
        const ceiling = await bareLoop(receiver, backlog);
        const endpoint = await call('POST', '/v1/webhooks', {
          merchant_id: 'mer_bench',
          url: `${receiver.url}?round=${round}`,
        });
        const before = receiver.count();
        const started = performance.now();
        await call('POST', `/v1/webhooks/${String(endpoint.id)}/replay`, {
          since: new Date(Date.now() - 3600_000).toISOString(),
        });
        await waitFor(() => receiver.count() - before >= backlog, 120_000);
        const value = backlog / ((performance.now() - started) / 1000);
        // Done with: the next events go to the next round's endpoint alone.
        await call('DELETE', `/v1/webhooks/${String(endpoint.id)}`);
        return { value, ceiling };
      };
      // A first round runs both sides' code for the first time, compiling it as it goes (the
      // server's replay, dispatch and recording had not yet run): it is printed, not counted.
      phase('warm-up round: ceiling, then replay');
      const warmUp = await measureRound(0);
      const rounds: Array<{ value: number; ceiling: number }> = [];
      for (let round = 1; round <= ROUNDS; round++) {
        phase(`round ${round} of ${ROUNDS}: ceiling, then replay`);
        rounds.push(await measureRound(round));
      }
      const throughput = pairedFigure(
        'deliveries drained from a backlog, every attempt recorded',
        rounds,
        'deliveries/s',
        'bare undici loop posting signed bodies',
        0.6,
      );

      phase('latency');
      await call('POST', '/v1/webhooks', { merchant_id: 'mer_bench', url: receiver.url });
      // Latency: events published at a steady rate, each timed from its publish to its receipt.
      const sentAt = new Map<string, number>();
      const total = RATE * rateSeconds;
      const begin = performance.now();
      const inFlight: Promise<unknown>[] = [];
      for (let i = 0; i < total; i++) {
        const due = begin + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const id = `evt_rate_${i}`;
        sentAt.set(id, performance.now());
        inFlight.push(
          call('POST', '/v1/events', {
            id,
            type: 'order.created',
            merchant_id: 'mer_bench',
            data: { i },
          }),
        );
      }
      await Promise.all(inFlight);
      await waitFor(() => [...sentAt.keys()].every((id) => receiver.arrivals.has(id)), 60_000);
      const latencies = [...sentAt].map(([id, at]) => receiver.arrivals.get(id)! - at);
      const achieved =
        total /
        ((Math.max(...[...sentAt.keys()].map((id) => receiver.arrivals.get(id)!)) - begin) / 1000);

      phase('filter cost');
      const filterCost = await measureFilterCost(call, receiver, quick);

      phase('FIFO throughput');
      const fifo = await measureFifoThroughput(call, receiver, quick);

      phase('burst, on a server of its own');
      const burstEvents = quick ? 2_000 : 20_000;
      const peakMb = await burstPeakMb(receiver, burstEvents);

      console.log(
        `\nDelivery (one endpoint, concurrency ${CONCURRENCY}, receiver answering 204 at once)`,
      );
      table(
        [warmUp, ...rounds].map(({ value, ceiling }, i) => ({
          round: i === 0 ? 'warm-up (not counted)' : i,
          'ceiling: bare undici loop, signed POSTs /s': Math.round(ceiling),
          'Sluice: replay, every attempt recorded /s': Math.round(value),
          'of ceiling': (value / ceiling).toFixed(2),
        })),
      );
      console.log(`median of the rounds' ratios: ${throughput.ratio.toFixed(2)}`);
      console.log(`target: Sluice >= 0.60 of the ceiling`);
      console.log(
        `\nPublish to receipt at ${RATE} events/s for ${rateSeconds} s (${total} events, achieved ${Math.round(achieved)}/s)`,
      );
      table([
        {
          p50: `${percentile(latencies, 50).toFixed(1)} ms`,
          p90: `${percentile(latencies, 90).toFixed(1)} ms`,
          p99: `${percentile(latencies, 99).toFixed(1)} ms`,
          max: `${Math.max(...latencies).toFixed(1)} ms`,
        },
      ]);
      console.log('target: p99 < 50 ms');
      console.log(
        `\nBurst: ${burstEvents} events to ${BURST_ENDPOINTS} endpoints from ${PUBLISHERS} publishers, all delivered; a fresh server's peak RSS: ${peakMb.toFixed(1)} MB (target < ${BURST_TARGET_MB} MB)`,
      );
      return {
        name: 'delivery',
        title: 'Delivery',
        figures: [
          throughput,
          withinCeiling(
            `publish to receipt p99 at ${RATE} events/s (achieved ${Math.round(achieved)}/s)`,
            percentile(latencies, 99),
            'ms',
            { what: 'the budget of issue 4 (no ceiling measured)', value: 50 },
            1,
          ),
          withinCeiling(
            `the server's peak RSS, through a burst of ${burstEvents} events to ${BURST_ENDPOINTS} endpoints from ${PUBLISHERS} publishers`,
            peakMb,
            'MB',
            { what: 'the budget of issue 20', value: BURST_TARGET_MB },
            1,
          ),
          filterCost.figure,
          fifo.figure,
        ],
        notes: [
          `One endpoint, concurrency ${CONCURRENCY}, a receiver on 127.0.0.1 answering 204 at once; a backlog of ${backlog} events replayed to a new endpoint in each of ${ROUNDS} rounds, each after its own measure of the ceiling (the figures are the rounds' medians, the ratio the median of their ratios), after a warm-up round that is not counted (it gave ${(warmUp.value / warmUp.ceiling).toFixed(2)}: ${Math.round(warmUp.value)} against ${Math.round(warmUp.ceiling)}/s); then ${RATE} events/s for ${rateSeconds} s; then a burst of ${burstEvents} events to ${BURST_ENDPOINTS} endpoints from ${PUBLISHERS} publishers, on a fresh server of its own, waited for until every webhook arrived (peak RSS is that server's VmHWM).`,
          `Publish to receipt: p50 ${percentile(latencies, 50).toFixed(1)} ms, p90 ${percentile(latencies, 90).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms.`,
          ...filterCost.notes,
          ...fifo.notes,
        ],
      };
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
};
