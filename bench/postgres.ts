/**
 * `npm run bench -- postgres`: the distributed mode on PostgreSQL (POSTGRES_URL), measured beside
 * what it is judged against in the same run. The event store's appends against raw INSERTs of the
 * same rows on the same server; delivery against the embedded mode on the same receiver; and the
 * latency from publish to receipt at a steady rate. Every schema it makes is its own, dropped at
 * the end.
 */
import { cpus, loadavg } from 'node:os';
import type { Benchmark, BenchmarkResult, Figure } from './figures.js';
import { ofCeiling, pairedFigure, withinCeiling } from './figures.js';
import type { AppendRound, AppendScenario } from './postgresAppend.js';
import { measureAppends } from './postgresAppend.js';
import type { DeliveryMeasures, DrainRound, SteadyRun } from './postgresDelivery.js';
import { LATENCY_RATE, measureDelivery } from './postgresDelivery.js';
import type { BenchSchemas } from './postgresSchemas.js';
import { NO_POSTGRES, benchSchemas } from './postgresSchemas.js';
import type { Stage } from './postgresStages.js';
import { stagesOf } from './postgresStages.js';
import { median, percentile, table } from './support.js';

const NAME = 'postgres';
const TITLE = 'Distributed mode on PostgreSQL';
const APPEND_TARGET = 0.5;
const P99_BUDGET_MS = 100;

const appendWhat = ({ batch, writers }: AppendScenario) =>
  `append, ${batch} event${batch > 1 ? 's' : ''} per append, ${writers} appender${writers > 1 ? 's' : ''} at once`;

const printAppends = (scenarios: readonly AppendScenario[], figures: readonly Figure[]) => {
  console.log(
    '\nEvent store append (PostgreSQL): the store against raw INSERTs of the same rows into a table of the same columns and indexes, same batches, same appenders at once; median of the rounds',
  );
  table(
    scenarios.map((s, i) => ({
      'events per append': s.batch,
      'at once': s.writers,
      events: s.events,
      'store events/s': Math.round(figures[i]!.value),
      'raw inserts/s': Math.round(figures[i]!.against.value),
      'store / raw': figures[i]!.ratio.toFixed(2),
    })),
  );
  console.log(`target: store / raw >= ${APPEND_TARGET.toFixed(2)}`);
};

const printDrain = (measures: DeliveryMeasures, backlog: number, drain: Figure) => {
  console.log(
    `\nDelivery throughput: a backlog of ${backlog} events replayed to a new endpoint, until all arrived (one endpoint, concurrency 16, receiver answering 204 at once)`,
  );
  table(
    [measures.warmUp, ...measures.rounds].map((r: DrainRound, i) => ({
      round: i === 0 ? 'warm-up (not counted)' : i,
      'embedded (SQLite) events/s': Math.round(r.ceiling),
      'PostgreSQL, all roles in one process, events/s': Math.round(r.value),
      'PostgreSQL / embedded': (r.value / r.ceiling).toFixed(2),
    })),
  );
  console.log(`median of the rounds' ratios: ${drain.ratio.toFixed(2)} (no target set)`);
};

const ms = (value: number) => `${value.toFixed(1)} ms`;

const printLatency = (measures: DeliveryMeasures, seconds: number, stages: Stage[]) => {
  console.log(
    `\nPublish to receipt at ${LATENCY_RATE} events/s for ${seconds} s (${LATENCY_RATE * seconds} events each, after 1 s not counted)`,
  );
  const row = (mode: string, run: SteadyRun) => ({
    mode,
    'achieved /s': Math.round(run.achieved),
    p50: ms(percentile(run.latencies, 50)),
    p95: ms(percentile(run.latencies, 95)),
    p99: ms(percentile(run.latencies, 99)),
    max: ms(Math.max(...run.latencies)),
  });
  table([
    row('PostgreSQL (all roles in one process)', measures.postgres),
    row('embedded (SQLite), for reference', measures.embedded),
  ]);
  console.log(`target: PostgreSQL p99 < ${P99_BUDGET_MS} ms`);
  console.log('\nWhere the PostgreSQL mode spends it (from the log the service stamped):');
  table(stages.map((s) => ({ stage: s.what, p50: ms(s.p50), p95: ms(s.p95), p99: ms(s.p99) })));
};

/** The drain's figure: PostgreSQL beside the embedded mode, no target set. */
const drainFigure = (rounds: readonly DrainRound[]): Figure => ({
  ...ofCeiling(
    'deliveries drained from a backlog, distributed mode on PostgreSQL (all roles in one process)',
    median(rounds.map((r) => r.value)),
    'deliveries/s',
    {
      what: 'embedded mode (SQLite), same receiver and backlog',
      value: median(rounds.map((r) => r.ceiling)),
    },
  ),
  ratio: median(rounds.map((r) => r.value / r.ceiling)),
});

const latencyFigures = (measures: DeliveryMeasures): Figure[] => {
  const p99 = percentile(measures.postgres.latencies, 99);
  const what = `publish to receipt p99 at ${LATENCY_RATE} events/s, PostgreSQL mode (achieved ${Math.round(measures.postgres.achieved)}/s)`;
  return [
    withinCeiling(
      what,
      p99,
      'ms',
      { what: 'the budget asked for (no ceiling measured)', value: P99_BUDGET_MS },
      1,
    ),
    withinCeiling(what, p99, 'ms', {
      what: 'embedded mode p99, same rate and receiver',
      value: percentile(measures.embedded.latencies, 99),
    }),
  ];
};

const measure = async (url: string, schemas: BenchSchemas, quick: boolean) => {
  const scenarios: AppendScenario[] = [
    { batch: 1, writers: 1, events: quick ? 500 : 2000 },
    { batch: 1, writers: 32, events: quick ? 3000 : 10_000 },
    { batch: 100, writers: 4, events: quick ? 10_000 : 40_000 },
  ];
  const appendRounds = quick ? 1 : 3;
  const sizes = { backlog: quick ? 500 : 2000, rounds: quick ? 1 : 3, seconds: quick ? 3 : 8 };
  const appends: AppendRound[][] = await measureAppends(url, schemas, scenarios, appendRounds);
  const serviceSchema = schemas.next('service');
  const delivery = await measureDelivery(url, serviceSchema, sizes);
  const stages = await stagesOf(url, serviceSchema, delivery.postgres);
  const appendFigures = scenarios.map((s, i) =>
    pairedFigure(
      appendWhat(s),
      appends[i]!,
      'events/s',
      'raw INSERTs of the same rows, same table shape, batches and appenders at once',
      APPEND_TARGET,
    ),
  );
  const drain = drainFigure(delivery.rounds);
  printAppends(scenarios, appendFigures);
  printDrain(delivery, sizes.backlog, drain);
  printLatency(delivery, sizes.seconds, stages);
  return { scenarios, appendRounds, sizes, delivery, stages, appendFigures, drain };
};

export const postgresBenchmark: Benchmark = async ({ quick }): Promise<BenchmarkResult> => {
  const url = process.env.POSTGRES_URL;
  if (!url) {
    console.log(`\n${TITLE}: skipped, ${NO_POSTGRES}`);
    return { name: NAME, title: TITLE, figures: [], notes: [`Skipped: ${NO_POSTGRES}.`] };
  }
  const schemas = benchSchemas(url);
  // PostgreSQL, the services and this process share the machine's cores with whatever else runs.
  const loadAtStart = loadavg()[0]!;
  try {
    const m = await measure(url, schemas, quick);
    const load = `machine load (1-minute average) ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${cpus().length} cores`;
    console.log(`\n${load}`);
    const pct = (run: SteadyRun, p: number) => percentile(run.latencies, p).toFixed(1);
    return {
      name: NAME,
      title: TITLE,
      figures: [...m.appendFigures, m.drain, ...latencyFigures(m.delivery)],
      notes: [
        `Appends: ${m.scenarios.map((s) => `${s.events} events as ${s.batch} per append from ${s.writers} at once`).join('; ')}; each side once small to warm it, then ${m.appendRounds} rounds of raw then store, each in a fresh schema (figures: the rounds' medians; ratio: the median of their ratios). Both sides on a pool of 20 connections, one commit per append for the raw side, the store's group commit for the store.`,
        `Delivery: both services built as \`npm start\` runs them, each in a process of its own; PostgreSQL as one process with SLUICE_MODE=distributed and SLUICE_ROLES=all. A backlog of ${m.sizes.backlog} events replayed to a new endpoint on each in turn, in ${m.sizes.rounds} rounds after a warm-up round (PostgreSQL ${Math.round(m.delivery.warmUp.value)}/s, embedded ${Math.round(m.delivery.warmUp.ceiling)}/s, not counted).`,
        `Publish to receipt at ${LATENCY_RATE} events/s for ${m.sizes.seconds} s, receipt timed at the receiver: PostgreSQL p50 ${pct(m.delivery.postgres, 50)} ms, p95 ${pct(m.delivery.postgres, 95)} ms, p99 ${pct(m.delivery.postgres, 99)} ms; embedded p50 ${pct(m.delivery.embedded, 50)} ms, p95 ${pct(m.delivery.embedded, 95)} ms, p99 ${pct(m.delivery.embedded, 99)} ms.`,
        `The ${load}.`,
        `Where the PostgreSQL mode's time goes (p50 / p99): ${m.stages.map((s) => `${s.what}: ${s.p50.toFixed(0)} / ${s.p99.toFixed(0)} ms`).join('; ')}.`,
      ],
    };
  } finally {
    await schemas.dropAll();
  }
};
