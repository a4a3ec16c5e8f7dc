/**
 * Flat cost as the data grows: the same operations measured on a small data folder and again after
 * it has grown, through the real code paths (the server over HTTP for the routes, the planner's own
 * matching for the planner). Three points of one growing folder: the small history with 10
 * endpoints for one merchant, then 10,000 endpoints, then the long history. Each point is kept as
 * a copy of the folder, and the three are measured side by side, a request to each in turn, so
 * that the machine's speed, which drifts over minutes, is the same for all three. Each figure is
 * the largest point against the smallest; the target is at most 1.5 times.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
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
import { apiClient, interleavedMediansMs } from './sampling.js';
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
const matchOperation = async (dataset: Dataset): Promise<() => Promise<unknown>> => {
  const event = { merchant_id: BUSY_MERCHANT, type: 'order.created', channels: [MATCHED_CHANNEL] };
  const expected = UNCHANNELLED + 1;
  const found = await receivingEndpoints(dataset, event);
  if (found.length !== expected) throw new Error(`matched ${found.length}, expected ${expected}`);
  return () => receivingEndpoints(dataset, event);
};

type Operation = (i: number) => Promise<unknown>;

/** The routes, each through the server, one request at a time. */
const routeOperations = (api: ReturnType<typeof apiClient>, point: number) => {
  const publish = (i: number) =>
    api.call('POST', '/v1/events', {
      id: `evt_growth_${point}_${i}`,
      type: 'order.created',
      merchant_id: QUIET_MERCHANT,
      data: { order_id: `ord_${i}`, amount: 1999 },
    });
  const get = (path: string) => () => api.call('GET', path);
  const operations: Array<[string, Operation]> = [
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
  return operations;
};

/** Every operation on every point's folder, the points side by side. */
const measurePoints = async (
  folders: ReadonlyArray<{ label: string; dir: string }>,
  receiverUrl: string,
  repetitions: number,
): Promise<Point[]> => {
  const points: Point[] = folders.map(({ label }) => ({ label, timings: new Map() }));
  const record = (name: string, medians: number[]) =>
    medians.forEach((ms, k) => points[k]!.timings.set(name, ms));

  const datasets = await Promise.all(folders.map(({ dir }) => openDataset(dir, receiverUrl)));
  try {
    const matches = await Promise.all(datasets.map(matchOperation));
    record(PLANNER_MATCH, await interleavedMediansMs(matches, repetitions));
  } finally {
    await Promise.all(datasets.map((dataset) => dataset.close()));
  }

  const servers = await Promise.all(
    folders.map(({ dir }) =>
      startBenchServer({
        SLUICE_DATA_DIR: dir,
        SLUICE_ADMIN_KEY: ADMIN,
        SLUICE_ALLOW_HTTP_URLS: 'true',
        SLUICE_ALLOW_PRIVATE_URLS: 'true',
        SLUICE_RATE_LIMIT_RPS: '1000000',
      }),
    ),
  );
  const clients = servers.map((server) => apiClient(server.url, ADMIN));
  try {
    // Each server serves its own point: the first has only the few endpoints, the others the many.
    const hasMany = await Promise.all(
      clients.map((api) =>
        api.call('GET', `/v1/webhooks/${endpointId(MANY_ENDPOINTS - 1)}`).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (hasMany.join() !== 'false,true,true') throw new Error(`points mixed up: ${hasMany.join()}`);
    const perPoint = clients.map((api, k) => routeOperations(api, k));
    for (const [index, [name]] of perPoint[0]!.entries()) {
      const operations = perPoint.map((operations) => operations[index]![1]);
      record(name, await interleavedMediansMs(operations, repetitions));
    }
  } finally {
    await Promise.all(clients.map((api) => api.close()));
    await Promise.all(servers.map((server) => server.stop()));
  }
  return points;
};

const PLANNER_MATCH = 'planner: match an event to its endpoints (in process)';

export const growthBenchmark = async ({ quick }: BenchmarkOptions): Promise<BenchmarkResult> => {
  const small = 10_000;
  const large = quick ? 50_000 : 1_000_000;
  const repetitions = quick ? 60 : 400;
  const receiver = await startReceiver();
  const grow = historyWriter();
  let points: Point[] = [];
  const phase = (name: string) => process.stderr.write(`  … ${name}\n`);
  try {
    await inTempDir(async (root) => {
      const dir = join(root, 'growing');
      const folders: Array<{ label: string; dir: string }> = [];
      let events = 0;
      /** Changes the folder in the benchmark's process; a point that more will follow is copied. */
      const point = async (
        label: string,
        change: (dataset: Dataset) => Promise<void>,
        last = false,
      ) => {
        phase(label);
        const dataset = await openDataset(dir, receiver.url);
        await change(dataset);
        await dataset.close();
        const kept = last ? dir : join(root, `point-${folders.length}`);
        if (!last) cpSync(dir, kept, { recursive: true });
        folders.push({ label, dir: kept });
      };
      await point(`${small} events, ${FEW_ENDPOINTS} endpoints`, async (dataset) => {
        events += await grow(dataset.eventStore, small);
        await dataset.addEndpoints(0, FEW_ENDPOINTS);
      });
      await point(`${events} events, ${MANY_ENDPOINTS} endpoints`, (dataset) =>
        dataset.addEndpoints(FEW_ENDPOINTS, MANY_ENDPOINTS),
      );
      await point(
        `${large} events, ${MANY_ENDPOINTS} endpoints`,
        async (dataset) => {
          events += await grow(dataset.eventStore, large - events);
        },
        true,
      );
      phase('the three points side by side');
      points = await measurePoints(folders, receiver.url, repetitions);
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
      `Medians of ${repetitions} repetitions after 5 unmeasured ones, the three points measured side by side (a request to each in turn, each point a copy of the growing folder). The value is measured at ${last.label}; the middle point (${middle.label}) separates the two kinds of growth: ${[
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
