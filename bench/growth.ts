/**
 * Flat cost as the data grows: the same operations measured on a small data folder and again after
 * it has grown, through the real code paths (the server over HTTP for the routes, the planner's own
 * matching for the planner). Three points of one growing folder: the small history with 10
 * endpoints for one merchant, then 10,000 endpoints, then the long history. Each figure is the
 * largest point against the smallest; the target is at most 1.5 times.
 */
import { receivingEndpoints } from '../src/delivery/planner.js';
import type { Dataset } from './dataset.js';
import {
  BUSY_MERCHANT,
  MATCHED_CHANNEL,
  UNCHANNELLED,
  endpointId,
  openDataset,
} from './dataset.js';
import type { BenchmarkOptions, BenchmarkResult } from './figures.js';
import { withinCeiling } from './figures.js';
import { historyWriter } from './history.js';
import { startReceiver } from './receiver.js';
import { apiClient, medianMs } from './sampling.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, table } from './support.js';

const ADMIN = 'sk_bench_growth_admin_key_0123456789abcd';
const FEW_ENDPOINTS = 10;
const MANY_ENDPOINTS = 10_000;
/** An endpoint of the history (bench/history.ts) whose messages and attempts grow with it. */
const HISTORY_ENDPOINT = 'we_bench0x0';
const QUIET_MERCHANT = 'mer_growth_quiet';

type Point = { label: string; timings: Map<string, number> };

/** The planner's match of one `order.created` on the matched channel, in process, on the stores. */
const matchTiming = async (dataset: Dataset, repetitions: number): Promise<number> => {
  const event = { merchant_id: BUSY_MERCHANT, type: 'order.created', channels: [MATCHED_CHANNEL] };
  const expected = UNCHANNELLED + 1;
  const found = await receivingEndpoints(dataset, event);
  if (found.length !== expected) throw new Error(`matched ${found.length}, expected ${expected}`);
  return medianMs(() => receivingEndpoints(dataset, event), repetitions);
};

/** The routes, each through the server, one request at a time. */
const routeTimings = async (url: string, point: string, repetitions: number) => {
  const api = apiClient(url, ADMIN);
  const publish = (i: number) =>
    api.call('POST', '/v1/events', {
      id: `evt_growth_${point}_${i}`,
      type: 'order.created',
      merchant_id: QUIET_MERCHANT,
      data: { order_id: `ord_${i}`, amount: 1999 },
    });
  const get = (path: string) => () => api.call('GET', path);
  const operations: Array<[string, (i: number) => Promise<unknown>]> = [
    ['append: POST /v1/events', publish],
    ['GET /v1/process-instances/{id}', get('/v1/process-instances/pi_bench0')],
    ['GET /v1/webhooks/{id}', get(`/v1/webhooks/${endpointId(0)}`)],
    // A page as full at every point: the small folder has only 10 endpoints to list.
    [
      `list: GET /v1/webhooks?merchant_id&limit=${FEW_ENDPOINTS}`,
      get(`/v1/webhooks?merchant_id=${BUSY_MERCHANT}&limit=${FEW_ENDPOINTS}`),
    ],
    [
      'list: GET /v1/events?merchant_id&limit=50',
      get('/v1/events?merchant_id=mer_bench_0&limit=50'),
    ],
    ['list: GET /v1/process-instances?limit=50', get('/v1/process-instances?limit=50')],
    [
      'list: GET /v1/webhooks/{id}/messages?limit=50',
      get(`/v1/webhooks/${HISTORY_ENDPOINT}/messages?limit=50`),
    ],
    [
      'list: GET /v1/webhooks/{id}/attempts?limit=50',
      get(`/v1/webhooks/${HISTORY_ENDPOINT}/attempts?limit=50`),
    ],
  ];
  const timings = new Map<string, number>();
  for (const [name, operation] of operations) {
    timings.set(name, await medianMs(operation, repetitions));
  }
  await api.close();
  return timings;
};

const PLANNER_MATCH = 'planner: match an event to its endpoints (in process)';

export const growthBenchmark = async ({ quick }: BenchmarkOptions): Promise<BenchmarkResult> => {
  const small = 10_000;
  const large = quick ? 50_000 : 1_000_000;
  const repetitions = quick ? 60 : 400;
  const receiver = await startReceiver();
  const grow = historyWriter();
  const points: Point[] = [];
  const phase = (name: string) => process.stderr.write(`  … ${name}\n`);
  try {
    await inTempDir(async (dir) => {
      let events = 0;
      /** Changes the folder in the benchmark's process, then measures the server on it. */
      const point = async (label: string, change: (dataset: Dataset) => Promise<void>) => {
        phase(label);
        const dataset = await openDataset(dir, receiver.url);
        await change(dataset);
        const timings = new Map([[PLANNER_MATCH, await matchTiming(dataset, repetitions)]]);
        await dataset.close();
        const server = await startBenchServer({
          SLUICE_DATA_DIR: dir,
          SLUICE_ADMIN_KEY: ADMIN,
          SLUICE_ALLOW_HTTP_URLS: 'true',
          SLUICE_ALLOW_PRIVATE_URLS: 'true',
          SLUICE_RATE_LIMIT_RPS: '1000000',
        });
        try {
          for (const [name, ms] of await routeTimings(
            server.url,
            String(points.length),
            repetitions,
          ))
            timings.set(name, ms);
        } finally {
          await server.stop();
        }
        points.push({ label, timings });
      };
      await point(`${small} events, ${FEW_ENDPOINTS} endpoints`, async (dataset) => {
        events += await grow(dataset.eventStore, small);
        await dataset.addEndpoints(0, FEW_ENDPOINTS);
      });
      await point(`${events} events, ${MANY_ENDPOINTS} endpoints`, (dataset) =>
        dataset.addEndpoints(FEW_ENDPOINTS, MANY_ENDPOINTS),
      );
      await point(`${large} events, ${MANY_ENDPOINTS} endpoints`, async (dataset) => {
        events += await grow(dataset.eventStore, large - events);
      });
    });
  } finally {
    await receiver.close();
  }

  const [first, middle, last] = points as [Point, Point, Point];
  console.log(`\nGrowth: median ms per operation (${repetitions} repetitions each)`);
  table(
    [...first.timings.keys()].map((name) => ({
      operation: name,
      [first.label]: first.timings.get(name)!.toFixed(3),
      [middle.label]: middle.timings.get(name)!.toFixed(3),
      [last.label]: last.timings.get(name)!.toFixed(3),
      'largest / smallest': (last.timings.get(name)! / first.timings.get(name)!).toFixed(2),
    })),
  );
  console.log('target: largest / smallest <= 1.50');
  return {
    name: 'growth',
    title: 'Cost per operation as the data grows',
    figures: [...first.timings.keys()].map((name) =>
      withinCeiling(
        name,
        last.timings.get(name)!,
        'ms',
        { what: `the same on ${first.label}`, value: first.timings.get(name)! },
        1.5,
      ),
    ),
    notes: [
      `Medians of ${repetitions} sequential repetitions after 5 unmeasured ones. The value is measured at ${last.label}; the middle point (${middle.label}) separates the two kinds of growth: ${[
        ...first.timings.keys(),
      ]
        .map(
          (name) =>
            `${name.split(':')[0]} ${(middle.timings.get(name)! / first.timings.get(name)!).toFixed(2)}x`,
        )
        .join(', ')}.`,
      `The busy merchant's endpoints each listen on a channel of their own (\`tenant_<n>\`), and ${UNCHANNELLED} take every \`order.created\`: the matched event (channel \`${MATCHED_CHANNEL}\`) reaches ${UNCHANNELLED + 1} of them at every point.`,
      'The history is what bench/history.ts writes (published events, their deliveries and attempts, process instances); appends go to a merchant without endpoints, so that delivery work stays out of the append figure.',
    ],
  };
};
