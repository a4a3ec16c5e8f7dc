/**
 * `npm run bench -- scaleout`: what moving from `npm start` to the distributed deployment costs.
 * The same workload runs on the embedded mode and on the roles as processes of their own (2 api,
 * projector, 2 dispatchers, 2 executors) on PostgreSQL (POSTGRES_URL) on the same machine, in one
 * run, and each pair is printed with its ratio; then 1, 2 and 4 dispatchers deliver to slow
 * receivers, to see whether adding dispatchers adds deliveries.
 */
import { cpus, loadavg } from 'node:os';
import type { Benchmark, BenchmarkResult, Figure } from './figures.js';
import { ofCeiling, withinCeiling } from './figures.js';
import { NO_POSTGRES, benchSchemas } from './postgresSchemas.js';
import { startReceiver } from './receiver.js';
import { startEmbedded, startSplit } from './scaleoutDeployment.js';
import {
  DISPATCHER_CONCURRENCY,
  FAN_OUT_ENDPOINTS,
  SLOW_RECEIVER_MS,
  deliveryWithDispatchers,
} from './scaleoutDispatchers.js';
import type { Measures } from './scaleoutMeasures.js';
import { measureDeployment } from './scaleoutMeasures.js';
import { LATENCY_RATE } from './postgresDelivery.js';
import { inTempDir, percentile, table } from './support.js';

const NAME = 'scaleout';
const TITLE = 'Scale-out: the roles as separate processes on PostgreSQL against the embedded mode';
const SPLIT = { apis: 2, dispatchers: 2, executors: 2 };

const fixed = (value: number, digits = 1) => value.toFixed(digits);

const pairs = (embedded: Measures, split: Measures) => {
  const p = (run: Measures['steady'], q: number) => percentile(run.latencies, q);
  return [
    [
      'publish answers/s (burst, 32 publishers)',
      embedded.burst.publishRate,
      split.burst.publishRate,
    ],
    [
      'webhooks delivered/s (burst, 4 endpoints)',
      embedded.burst.deliveryRate,
      split.burst.deliveryRate,
    ],
    [`publish→receipt p50 at ${LATENCY_RATE}/s, ms`, p(embedded.steady, 50), p(split.steady, 50)],
    [`publish→receipt p99 at ${LATENCY_RATE}/s, ms`, p(embedded.steady, 99), p(split.steady, 99)],
    ['run with wait p50, ms', embedded.runs.p50, split.runs.p50],
    ['run with wait p99, ms', embedded.runs.p99, split.runs.p99],
    [
      'CPU s per 1,000 webhooks (with PostgreSQL)',
      embedded.burst.cpuPer1000,
      split.burst.cpuPer1000,
    ],
    ['idle CPU, % of a core (with PostgreSQL)', embedded.idleCores * 100, split.idleCores * 100],
  ] as const;
};

const figuresOf = (embedded: Measures, split: Measures, fan: number[]): Figure[] => {
  const vsEmbedded = (value: number) => ({ what: 'embedded mode, same workload', value });
  const budget = (value: number) => ({ what: 'the budget asked for', value });
  const splitName = 'roles as separate processes on PostgreSQL';
  return [
    ofCeiling(
      `publish answers/s, ${splitName}`,
      split.burst.publishRate,
      'events/s',
      vsEmbedded(embedded.burst.publishRate),
      0.5,
    ),
    ofCeiling(
      `webhooks delivered/s, ${splitName}`,
      split.burst.deliveryRate,
      'webhooks/s',
      vsEmbedded(embedded.burst.deliveryRate),
      0.5,
    ),
    withinCeiling(
      `publish→receipt p99 at ${LATENCY_RATE} events/s, ${splitName}`,
      percentile(split.steady.latencies, 99),
      'ms',
      budget(50),
      1,
    ),
    withinCeiling(`run with wait p50, ${splitName}`, split.runs.p50, 'ms', budget(3), 1),
    withinCeiling(`run with wait p99, ${splitName}`, split.runs.p99, 'ms', budget(20), 1),
    withinCeiling(
      `CPU seconds per 1,000 webhooks, ${splitName} with PostgreSQL`,
      split.burst.cpuPer1000,
      's',
      vsEmbedded(embedded.burst.cpuPer1000),
      2,
    ),
    withinCeiling(
      `idle CPU, ${splitName} with PostgreSQL`,
      split.idleCores * 100,
      '% of a core',
      budget(5),
      1,
    ),
    ofCeiling(
      'webhooks/s with 2 dispatchers (slow receivers)',
      fan[1]!,
      'webhooks/s',
      { what: '1 dispatcher', value: fan[0]! },
      1.8,
    ),
    ofCeiling(
      'webhooks/s with 4 dispatchers (slow receivers)',
      fan[2]!,
      'webhooks/s',
      { what: '1 dispatcher', value: fan[0]! },
      3.2,
    ),
  ];
};

export const scaleoutBenchmark: Benchmark = async ({ quick }): Promise<BenchmarkResult> => {
  const url = process.env.POSTGRES_URL;
  if (!url) {
    console.log(`\n${TITLE}: skipped, ${NO_POSTGRES}`);
    return { name: NAME, title: TITLE, figures: [], notes: [`Skipped: ${NO_POSTGRES}.`] };
  }
  const sizes = quick
    ? { burst: 2000, steadySeconds: 3, runs: 200, idleSeconds: 5 }
    : { burst: 10_000, steadySeconds: 8, runs: 500, idleSeconds: 10 };
  const fanEvents = quick ? 1500 : 4800;
  const schemas = benchSchemas(url);
  const loadAtStart = loadavg()[0]!;
  const receiver = await startReceiver();
  const slow = await startReceiver(undefined, { delayMs: SLOW_RECEIVER_MS });
  try {
    return await inTempDir(async (dir) => {
      const embeddedDeployment = await startEmbedded(`${dir}/embedded`);
      const embedded = await measureDeployment(embeddedDeployment, 'emb', receiver, sizes).finally(
        () => embeddedDeployment.stop(),
      );
      const splitDeployment = await startSplit(`${dir}/split`, url, schemas.next('split'), SPLIT);
      const split = await measureDeployment(splitDeployment, 'split', receiver, sizes).finally(() =>
        splitDeployment.stop(),
      );
      const fan: number[] = [];
      for (const dispatchers of [1, 2, 4]) {
        process.stderr.write(`  … slow receivers, ${dispatchers} dispatcher(s)\n`);
        fan.push(await deliveryWithDispatchers(dir, url, schemas, slow, dispatchers, fanEvents));
      }

      console.log(`\n${TITLE} (${splitDeployment.name})`);
      table(
        pairs(embedded, split).map(([what, e, s]) => ({
          what,
          embedded: fixed(e),
          'separate processes': fixed(s),
          ratio: fixed(s / e, 2),
        })),
      );
      console.log(
        `\nDispatchers scaling out: ${FAN_OUT_ENDPOINTS} endpoints answering after ${SLOW_RECEIVER_MS} ms, ${DISPATCHER_CONCURRENCY} tries in flight per dispatcher`,
      );
      table(
        [1, 2, 4].map((n, i) => ({
          dispatchers: n,
          'webhooks/s': fixed(fan[i]!),
          'vs 1 dispatcher': fixed(fan[i]! / fan[0]!, 2),
        })),
      );
      console.log('\nCPU seconds per 1,000 webhooks of the burst, by role');
      table(
        Object.entries(split.burst.cpuPer1000ByRole).map(([role, seconds]) => ({
          role,
          'CPU s per 1,000 webhooks': fixed(seconds, 2),
        })),
      );
      const load = `machine load (1-minute average) ${fixed(loadAtStart)} at the start, ${fixed(loadavg()[0]!)} at the end, on ${cpus().length} cores`;
      console.log(`\n${load}`);
      return {
        name: NAME,
        title: TITLE,
        figures: figuresOf(embedded, split, fan),
        notes: [
          `Each deployment built as \`npm start\` runs it, every process on this machine with PostgreSQL: the embedded mode in one process; the distributed mode as ${splitDeployment.name}, requests sent to the API processes in turn. Both ran the same workload one after the other: a warm-up burst (not counted), a burst of ${sizes.burst} events from 32 publishers at once to 4 endpoints of one merchant (receiver answering 204 at once), ${sizes.steadySeconds} s of publishing at ${LATENCY_RATE} events/s to another merchant, ${sizes.runs} one-step runs with wait one after the other, and ${sizes.idleSeconds} s with nothing to do.`,
          `CPU is user + system time from /proc: of the service's processes, and for the distributed mode of every PostgreSQL process as well.`,
          `Scale-out: ${fanEvents} events published to ${FAN_OUT_ENDPOINTS} merchants in turn, then replayed to one endpoint of each, whose receiver answers after ${SLOW_RECEIVER_MS} ms, each dispatcher allowed ${DISPATCHER_CONCURRENCY} tries in flight (SLUICE_DELIVERY_CONCURRENCY); 1 api, the projector and 1 executor beside the dispatchers; the rate between the receipt of the first and the last tenth.`,
          `The ${load}.`,
        ],
      };
    });
  } finally {
    await receiver.close();
    await slow.close();
    await schemas.dropAll();
  }
};
