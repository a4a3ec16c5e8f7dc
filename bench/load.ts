/**
 * The API under load (autocannon) while deliveries run, against the ceiling of the same machine in
 * the same run: the bare express handler of bench/bareExpress.ts, parsing a JSON body and answering
 * a small document, in its own process like the service. Every publication of the load is delivered
 * to two endpoints, so the dispatcher signs, sends and records throughout.
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBareExpress, startBenchServer } from './serverProcess.js';
import type { Benchmark } from './figures.js';
import { ofCeiling, withinCeiling } from './figures.js';
import { inTempDir, table } from './support.js';

const ADMIN = 'sk_bench_load_admin_key_0123456789abcdefgh';
const CONNECTIONS = 16;

/** One line of the load test's figures, as printed and as RESULTS.md may list them. */
export type LoadFigures = {
  what: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  /** Requests/s against the ceiling's (1 for the ceiling itself). */
  vs_ceiling: number;
};

/** A receiver answering 204 at once, counting what it received. */
const startReceiver = async () => {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const call = async (url: string, body?: unknown) => {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
};

type Load = { method: 'GET' | 'POST'; path: string; body?: unknown };

const hammer = async (base: string, load: Load, seconds: number) => {
  const result = await autocannon({
    url: `${base}${load.path}`,
    method: load.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(load.body !== undefined && { body: JSON.stringify(load.body) }),
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    // Refused or timed-out requests, and every answer that is not a 2xx.
    errors: result.errors + result.timeouts + result.non2xx,
  };
};

/** Runs the load test, prints its table, and returns the same figures as data. */
export const measureLoad = async (options: { quick: boolean }): Promise<LoadFigures[]> => {
  const seconds = options.quick ? 2 : 10;
  return inTempDir(async (dir) => {
    const server = await startBenchServer({
      SLUICE_DATA_DIR: dir,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_RATE_LIMIT_RPS: '1000000',
      SLUICE_ALLOW_HTTP_URLS: 'true',
      SLUICE_ALLOW_PRIVATE_URLS: 'true',
    });
    const bare = await startBareExpress();
    const receiver = await startReceiver();
    try {
      const endpoint = await call(`${server.url}/v1/webhooks`, {
        merchant_id: 'mer_bench',
        url: receiver.url,
      });
      await call(`${server.url}/v1/webhooks`, {
        merchant_id: 'mer_bench',
        url: `${receiver.url}/orders`,
        filter_types: ['order.created'],
      });
      for (let n = 0; n < 50; n++)
        await call(`${server.url}/v1/events`, {
          type: 'order.created',
          merchant_id: 'mer_bench',
          data: { n },
        });

      const loads: Array<[string, Load]> = [
        [
          'POST /v1/events (2 deliveries each)',
          {
            method: 'POST',
            path: '/v1/events',
            body: { type: 'order.created', merchant_id: 'mer_bench', data: { amount: 4200 } },
          },
        ],
        ['GET /v1/webhooks/{id}', { method: 'GET', path: `/v1/webhooks/${endpoint.id as string}` }],
        [
          'GET /v1/events (a page of 20)',
          { method: 'GET', path: '/v1/events?merchant_id=mer_bench' },
        ],
      ];
      const figures: LoadFigures[] = [];
      const ceiling = await hammer(
        bare.url,
        { method: 'POST', path: '/runs', body: { n: 1 } },
        seconds,
      );
      // The publications' deliveries go on through the reads that follow them.
      for (const [what, load] of loads) {
        const measured = await hammer(server.url, load, seconds);
        figures.push({
          what,
          ...measured,
          vs_ceiling: measured.requests_per_s / ceiling.requests_per_s,
        });
      }
      figures.push({ what: 'bare express handler (ceiling)', ...ceiling, vs_ceiling: 1 });

      console.log(
        `\nAPI under load (autocannon, ${CONNECTIONS} connections, ${seconds} s each; ` +
          `${receiver.received()} deliveries received meanwhile)`,
      );
      table(
        figures.map((f) => ({
          what: f.what,
          'req/s': f.requests_per_s,
          'p50 ms': f.p50_ms,
          'p99 ms': f.p99_ms,
          errors: f.errors,
          'vs ceiling': f.vs_ceiling.toFixed(2),
        })),
      );
      return figures;
    } finally {
      bare.stop();
      await server.stop();
      await receiver.close();
    }
  });
};

/** `npm run bench -- load [--quick]`: throughput and p99 of each load beside the bare ceiling's. */
export const loadBenchmark: Benchmark = async (options) => {
  const measured = await measureLoad(options);
  const ceiling = measured.find((f) => f.vs_ceiling === 1)!;
  const loads = measured.filter((f) => f !== ceiling);
  return {
    name: 'load',
    title: 'API under load while deliveries run (autocannon)',
    figures: loads.flatMap((f) => [
      ofCeiling(`${f.what}: requests/s`, f.requests_per_s, 'req/s', {
        what: 'bare express handler',
        value: ceiling.requests_per_s,
      }),
      withinCeiling(`${f.what}: p99 latency`, f.p99_ms, 'ms', {
        what: 'bare express handler p99',
        value: ceiling.p99_ms,
      }),
    ]),
    notes: [
      `errors: ${loads.map((f) => `${f.what} ${f.errors}`).join(', ')} (none expected)`,
      'p50 and p99 of each load are printed beside these figures by the benchmark itself.',
    ],
  };
};
