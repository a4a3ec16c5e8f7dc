/**
 * `npm run bench -- sealing`: what sealing merchants' payloads costs, each figure beside the same
 * work with sealing off in the same run, in alternate order: appends of business events (SQLite,
 * and PostgreSQL with POSTGRES_URL), the deliveries projection's rebuild over a sealed log, and
 * delivery from publish to receipt with SLUICE_PAYLOAD_ENCRYPTION true and false.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppendBackend, AppendScenario, SealedAppendRound } from './appendSealed.js';
import {
  measureSealedAppends,
  postgresBackend,
  sealingAloneMicros,
  sqliteBackend,
  summary,
} from './appendSealed.js';
import type { SealedDelivery } from './deliverySealed.js';
import { measureSealedDelivery } from './deliverySealed.js';
import type { Benchmark, Figure } from './figures.js';
import { NO_POSTGRES, benchSchemas } from './postgresSchemas.js';
import type { SealedRebuild } from './rebuildSealed.js';
import { RECEIVER_ANSWER, measureSealedRebuild } from './rebuildSealed.js';
import { table } from './support.js';

const APPEND_TARGET = 1.15;
const REBUILD_TARGET = 100_000;
const DELIVERY_TARGET = 0.9;
const OFF = 'the same with sealing off (SLUICE_PAYLOAD_ENCRYPTION=false)';

const atOnceText = (n: number) => (n === 1 ? 'one at a time' : `${n} at once`);

type Appends = { backend: string; scenarios: AppendScenario[]; rounds: SealedAppendRound[][] };

const appendFigures = ({ backend, scenarios, rounds }: Appends): Figure[] =>
  scenarios.flatMap((scenario, i) => {
    const what = `${backend}: append of a business event with 1 KiB of data, sealed, ${atOnceText(scenario.atOnce)}`;
    const wall = summary(rounds[i]!, 'wall');
    const cpu = summary(rounds[i]!, 'cpu');
    return [
      {
        what,
        value: wall.sealed,
        unit: 'µs/event',
        against: { what: OFF, value: wall.clear },
        ratio: wall.ratio,
        target: { ratio: APPEND_TARGET, is: 'at most' as const },
      },
      // The appender's CPU: on SQLite all the store's work, on PostgreSQL the client's alone.
      ...(backend === 'SQLite'
        ? [
            {
              what: `${what}: CPU of the appending process`,
              value: cpu.sealed,
              unit: 'µs/event',
              against: { what: `${OFF}, same runs`, value: cpu.clear },
              ratio: cpu.ratio,
            },
          ]
        : []),
    ];
  });

const printAppends = ({ backend, scenarios, rounds }: Appends) => {
  console.log(
    `\nAppend of business events with 1 KiB of data (${backend}), µs per event, of the clock and of this process's CPU`,
  );
  table(
    scenarios.flatMap((scenario, i) =>
      rounds[i]!.map((r, round) => ({
        'at once': scenario.atOnce,
        round: round + 1,
        sealed: r.sealed.wall.toFixed(1),
        'sealing off': r.clear.wall.toFixed(1),
        'sealed / off': (r.sealed.wall / r.clear.wall).toFixed(3),
        'CPU sealed': r.sealed.cpu.toFixed(1),
        'CPU off': r.clear.cpu.toFixed(1),
        'CPU sealed / off': (r.sealed.cpu / r.clear.cpu).toFixed(3),
      })),
    ),
  );
};

const measureAppendsOn = async (
  backend: AppendBackend,
  scenarios: AppendScenario[],
  rounds: number,
): Promise<Appends> => {
  try {
    return {
      backend: backend.name,
      scenarios,
      rounds: await measureSealedAppends(backend, scenarios, rounds),
    };
  } finally {
    await backend.close();
  }
};

const sqliteAppends = async (quick: boolean, rounds: number): Promise<Appends> => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-keys-'));
  try {
    return await measureAppendsOn(
      sqliteBackend(dir),
      [
        { atOnce: 1, events: quick ? 2000 : 10_000 },
        { atOnce: 32, events: quick ? 5000 : 20_000 },
      ],
      rounds,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const postgresAppends = async (url: string, quick: boolean, rounds: number): Promise<Appends> => {
  const schemas = benchSchemas(url);
  try {
    return await measureAppendsOn(
      await postgresBackend(url, schemas),
      [
        { atOnce: 1, events: quick ? 300 : 1000 },
        { atOnce: 32, events: quick ? 1500 : 5000 },
      ],
      rounds,
    );
  } finally {
    await schemas.dropAll();
  }
};

const rebuildFigures = (r: SealedRebuild): Figure[] => [
  {
    what: `deliveries rebuild over a log of ${r.events} events, payloads and attempts' answers sealed`,
    value: r.sealed,
    unit: 'events/s',
    against: { what: 'the target of the issue', value: REBUILD_TARGET },
    ratio: r.sealed / REBUILD_TARGET,
    target: { ratio: 1, is: 'at least' },
  },
  {
    what: `deliveries rebuild over a log of ${r.events} events, payloads and attempts' answers sealed`,
    value: r.sealed,
    unit: 'events/s',
    against: { what: 'the same history written in clear', value: r.clear },
    ratio: r.ratio,
  },
];

const deliveryFigures = (d: SealedDelivery): Figure[] => [
  {
    what: `publish to receipt of ${d.events} events of 1 KiB from 32 publishers, SLUICE_PAYLOAD_ENCRYPTION=true`,
    value: d.sealed,
    unit: 'events/s',
    against: { what: 'a server beside it with SLUICE_PAYLOAD_ENCRYPTION=false', value: d.clear },
    ratio: d.ratio,
    target: { ratio: DELIVERY_TARGET, is: 'at least' },
  },
  {
    what: 'the same bursts: CPU of the server (all its threads) per event, encryption on',
    value: d.cpu.sealed,
    unit: 'µs/event',
    against: { what: 'the server with encryption off, same bursts', value: d.cpu.clear },
    ratio: d.cpu.ratio,
  },
];

const ratios = (rounds: ReadonlyArray<{ sealed: number; clear: number }>) =>
  rounds.map((r) => (r.sealed / r.clear).toFixed(3)).join(', ');

const appendNote = (a: Appends) =>
  `Append (${a.backend}): ${a.scenarios.map((s) => `${s.events} events ${atOnceText(s.atOnce)}`).join(', then ')}; per scenario, a round at a fifth of the size (not counted), then ${a.rounds[0]!.length} rounds, each on two fresh stores (${a.backend === 'SQLite' ? 'embedded SQLite, WAL, synchronous=NORMAL' : 'each a schema of its own on a pool of 20, dropped after'}), one sealing and one not, sent the round's events 500 at a time in turn (which goes first alternating), so that the machine's other work falls on both alike; the data keys kept across rounds, as a server keeps them. The CPU is the appending process's, all its threads (${a.backend === 'SQLite' ? "the whole of the store's work" : "the client's alone, not the database server's"}). Each event is an order of 1 KiB as JSON, in a stream of its own (as the API publishes), of 10 merchants in turn, through the sealing decorator with sealing on or off. Ratios of the rounds (clock): ${a.scenarios.map((s, i) => `${atOnceText(s.atOnce)} ${ratios(a.rounds[i]!.map((r) => ({ sealed: r.sealed.wall, clear: r.clear.wall })))}`).join('; ')}.`;

const rebuildNote = (r: SealedRebuild, target: number) =>
  `Rebuild: one history of at least ${target} events (bench/history.ts: published events, their deliveries planned and attempted, every fifth failing once first, process instances), every successful attempt answered with a 200 and a body of ${Buffer.byteLength(RECEIVER_ANSWER)} bytes, written twice through the sealing decorator into two SQLite files: sealing (at ${Math.round(r.writtenPerSecond.sealed)} events/s) and not (at ${Math.round(r.writtenPerSecond.clear)}/s). The deliveries projection rebuilt from each once (not counted), then ${r.rounds.length} rounds of both, the sealed log first in odd rounds; the rate counts every event of the log. The rebuild reads the log below the decorator, as the projector does: the read model copies the answers sealed. Ratios of the rounds: ${ratios(r.rounds)}.`;

const deliveryNote = (d: SealedDelivery) =>
  `Delivery: two servers built as \`npm start\` runs them, side by side, one with SLUICE_PAYLOAD_ENCRYPTION=true and one with false, each with one endpoint (concurrency 16) on the same receiver on 127.0.0.1, answering every webhook with a 200 and the same body at once. A burst of ${d.events} events (orders of 1 KiB as JSON) from 32 publishers to each once (not counted: ${Math.round(d.warmUp.sealed.rate)} on, ${Math.round(d.warmUp.clear.rate)} off, events/s), then ${d.rounds.length} rounds of a burst to each, the sealing server first in odd rounds, each timed from its first publish to its last receipt; the server's CPU (its user and system time, all threads) from the first publish until a moment after the last receipt. Each server's file was read at the end: the events' data and the attempts' answers sealed on the first, in clear on the second. Ratios of the rounds: ${ratios(d.rounds.map((r) => ({ sealed: r.sealed.rate, clear: r.clear.rate })))}; of the servers' CPU per event: ${ratios(d.rounds.map((r) => ({ sealed: r.sealed.cpu, clear: r.clear.cpu })))}.`;

const printRebuild = (r: SealedRebuild) => {
  console.log(`\nDeliveries rebuild over ${r.events} events, events of the log per second`);
  table(
    r.rounds.map((round, i) => ({
      round: i + 1,
      'sealed log': Math.round(round.sealed),
      'log in clear': Math.round(round.clear),
      'sealed / clear': (round.sealed / round.clear).toFixed(3),
    })),
  );
};

const printDelivery = (d: SealedDelivery) => {
  console.log(
    `\nPublish to receipt, ${d.events} events of 1 KiB a burst: events per second, and the server's CPU per event`,
  );
  table(
    [d.warmUp, ...d.rounds].map((r, i) => ({
      round: i === 0 ? 'warm-up (not counted)' : i,
      'encryption on /s': Math.round(r.sealed.rate),
      'encryption off /s': Math.round(r.clear.rate),
      'on / off': (r.sealed.rate / r.clear.rate).toFixed(3),
      'CPU on µs': Math.round(r.sealed.cpu),
      'CPU off µs': Math.round(r.clear.cpu),
      'CPU on / off': (r.sealed.cpu / r.clear.cpu).toFixed(3),
    })),
  );
};

/** The issue's three figures, each with its target. */
const printSummary = (appends: Appends[], rebuild: SealedRebuild, delivery: SealedDelivery) => {
  console.log('\nSealing, the three figures (medians of the rounds; ratio: median of the rounds):');
  for (const { backend, scenarios, rounds } of appends)
    scenarios.forEach((scenario, i) => {
      const append = summary(rounds[i]!, 'wall');
      console.log(
        `  append, ${backend}, ${atOnceText(scenario.atOnce)}: ${append.sealed.toFixed(1)} µs/event sealed, ${append.clear.toFixed(1)} off, ratio ${append.ratio.toFixed(3)} (target <= ${APPEND_TARGET})`,
      );
    });
  console.log(
    `  deliveries rebuild, sealed log: ${Math.round(rebuild.sealed)} events/s (target >= ${REBUILD_TARGET}; in clear ${Math.round(rebuild.clear)})`,
  );
  console.log(
    `  delivery, encryption on / off: ${Math.round(delivery.sealed)} / ${Math.round(delivery.clear)} events/s, ratio ${delivery.ratio.toFixed(3)} (target >= ${DELIVERY_TARGET})`,
  );
};

export const sealingBenchmark: Benchmark = async ({ quick }) => {
  // The machine's other work moves the clock's figures (less their ratios); it is noted with them.
  const loadAtStart = loadavg()[0]!;
  const rounds = quick ? 3 : 5;
  const appends = [await sqliteAppends(quick, rounds)];
  const sealingAlone = await sealingAloneMicros(quick ? 5000 : 20_000);
  const url = process.env.POSTGRES_URL;
  if (url) appends.push(await postgresAppends(url, quick, rounds));
  else console.log(`\nPostgreSQL appends skipped: ${NO_POSTGRES}`);
  appends.forEach(printAppends);
  console.log(`sealing one event alone, in this process: ${sealingAlone.toFixed(1)} µs`);

  const rebuildTarget = quick ? 50_000 : 500_000;
  const rebuild = await measureSealedRebuild(rebuildTarget, quick ? 2 : 3);
  printRebuild(rebuild);
  const delivery = await measureSealedDelivery(quick ? 1000 : 2000, quick ? 3 : 9);
  printDelivery(delivery);

  printSummary(appends, rebuild, delivery);
  const load = `Machine load (1-minute average) ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${cpus().length} cores.`;
  console.log(load);
  return {
    name: 'sealing',
    title: "Sealing merchants' payloads",
    figures: [
      ...appends.flatMap(appendFigures),
      ...rebuildFigures(rebuild),
      ...deliveryFigures(delivery),
    ],
    notes: [
      ...appends.map(appendNote),
      `Sealing one event alone, in the benchmark's process (its data turned to JSON and sealed under its merchant's key, already made): ${sealingAlone.toFixed(1)} µs.`,
      ...(url ? [] : [`PostgreSQL appends skipped: ${NO_POSTGRES}.`]),
      rebuildNote(rebuild, rebuildTarget),
      deliveryNote(delivery),
      load,
    ],
  };
};
