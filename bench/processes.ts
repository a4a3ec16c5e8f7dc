/**
 * Process runs through the whole service (HTTP, validation, the append, the executor, the
 * projections) against the ceiling of the same machine in the same run: a bare express handler's
 * round trip, in its own process, with the same client and the same concurrency.
 */
import { Agent, request } from 'undici';
import { startBareExpress, startBenchServer } from './serverProcess.js';
import type { BenchmarkOptions, BenchmarkResult } from './figures.js';
import { ofCeiling, withinCeiling } from './figures.js';
import { inTempDir, rate, table, time } from './support.js';
import { correlationFigures } from './correlation.js';
import { mapFigures } from './mapBench.js';

const ADMIN = 'sk_bench_processes_admin_key_0123456789';
const CONCURRENCY = 32;

const client = new Agent({ connections: CONCURRENCY });

const post = async (url: string, body: unknown): Promise<number> => {
  const res = await request(url, {
    method: 'POST',
    dispatcher: client,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.body.text();
  return res.statusCode;
};

const expectStatus = async (url: string, body: unknown, status: number) => {
  const got = await post(url, body);
  if (got !== status) throw new Error(`POST ${url}: ${got}, expected ${status}`);
};

/** Requests per second with `CONCURRENCY` in flight. */
const throughput = async (
  url: string,
  body: unknown,
  status: number,
  runs: number,
): Promise<number> => {
  let next = 0;
  const seconds = await time(async () => {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < runs) await expectStatus(url, body, status);
      }),
    );
  });
  return rate(runs, seconds);
};

/** Round trips one after the other: p50 and p99 in milliseconds. */
const latency = async (url: string, body: unknown, status: number, count: number) => {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await expectStatus(url, body, status);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5).toFixed(2), p99: at(0.99).toFixed(2) };
};

export const processBenchmark = async ({ quick }: BenchmarkOptions): Promise<BenchmarkResult> => {
  const runs = quick ? 1000 : 3000;
  const sequential = quick ? 200 : 500;
  const result = await inTempDir(async (dir) => {
    const server = await startBenchServer({
      SLUICE_DATA_DIR: dir,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_RATE_LIMIT_RPS: '1000000',
    });
    const bare = await startBareExpress();
    try {
      await expectStatus(
        `${server.url}/v1/process-definitions`,
        {
          id: 'bench.double',
          name: 'Double',
          input_schema: { type: 'object', required: ['n'], properties: { n: { type: 'number' } } },
          steps: [{ id: 'double', type: 'transform', value: 'input.n * 2' }],
          output: 'steps.double',
        },
        201,
      );
      await expectStatus(
        `${server.url}/v1/process-definitions/bench.double/activate`,
        { version: 1 },
        200,
      );
      const runsUrl = `${server.url}/v1/processes/bench.double/runs`;
      const noWait = { merchant_id: 'mer_bench', input: { n: 21 } };
      const withWait = { ...noWait, wait: { timeout_ms: 5000 } };
      const bareRuns = `${bare.url}/runs`;

      const ceiling = await throughput(bareRuns, noWait, 201, runs);
      const service = await throughput(runsUrl, noWait, 201, runs);
      const bareLatency = await latency(bareRuns, withWait, 201, sequential);
      const waited = await latency(runsUrl, withWait, 200, sequential);

      console.log(
        `\nprocess runs (${runs} runs, ${CONCURRENCY} in flight; ${sequential} sequential round trips)`,
      );
      table([
        {
          what: 'runs without wait (201)',
          'per s': service,
          'p50 ms': '',
          'p99 ms': '',
          'vs ceiling': (service / ceiling).toFixed(2),
        },
        {
          what: 'bare express handler (ceiling)',
          'per s': ceiling,
          'p50 ms': '',
          'p99 ms': '',
          'vs ceiling': '1.00',
        },
        {
          what: 'run with wait, one step (200)',
          'per s': '',
          'p50 ms': waited.p50,
          'p99 ms': waited.p99,
          'vs ceiling': (Number(bareLatency.p50) / Number(waited.p50)).toFixed(2),
        },
        {
          what: 'bare express round trip (ceiling)',
          'per s': '',
          'p50 ms': bareLatency.p50,
          'p99 ms': bareLatency.p99,
          'vs ceiling': '1.00',
        },
      ]);
      return {
        name: 'processes',
        title: 'Process runs',
        figures: [
          ofCeiling('runs without wait (201)', service, 'runs/s', {
            what: 'bare express handler, same client and concurrency',
            value: ceiling,
          }),
          withinCeiling('run with wait, one step: p50 round trip (200)', Number(waited.p50), 'ms', {
            what: 'bare express round trip p50',
            value: Number(bareLatency.p50),
          }),
        ],
        notes: [
          `${runs} runs with ${CONCURRENCY} in flight; ${sequential} sequential round trips (p99: Sluice ${waited.p99} ms, bare express ${bareLatency.p99} ms).`,
          'Issue 5 set no target for the run figures.',
        ],
      };
    } finally {
      bare.stop();
      await server.stop();
    }
  });
  await client.close();
  const correlation = await correlationFigures(quick);
  const map = await mapFigures(quick);
  return {
    ...result,
    figures: [...result.figures, ...correlation.figures, ...map.figures],
    notes: [...result.notes, ...correlation.notes, ...map.notes],
  };
};
