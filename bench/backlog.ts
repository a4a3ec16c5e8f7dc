/**
 * Backlog isolation: what a day-long backlog of one merchant costs another. Two embedded servers
 * run side by side on folders alike but for one thing: in the second, another merchant's backlog
 * waits (every delivery planned, its endpoints limited to a few a second). A fresh merchant
 * publishes to each in turn, so that the machine's drift falls on both alike. Measured: its publish
 * rate and publish-to-receipt p99 on each, then the CPU of the backlogged server while only the
 * rate-limited work is left, and its peak RSS.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeBacklog } from './backlogSeed.js';
import { openDataset } from './dataset.js';
import type { BenchmarkOptions, BenchmarkResult } from './figures.js';
import { pairedFigure, withinCeiling } from './figures.js';
import { FRESH_PUBLISHERS, freshMerchant } from './freshMerchant.js';
import { processMemory } from './memorySampler.js';
import type { Receiver } from './receiver.js';
import { startReceiver } from './receiver.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, percentile, table } from './support.js';

const ADMIN = 'sk_bench_backlog_admin_key_0123456789abcd';
/** The backlogged merchant's endpoints, and the rate each is limited to. */
const ENDPOINTS = 2;
const RATE_LIMIT_PER_S = 5;
const STEADY_RATE = 100;
const TARGET_RSS_MB = 250;

const phase = (name: string) => process.stderr.write(`  … ${name}\n`);

/** The share of one core a process used over `seconds`, from its user and system time. */
const cpuShare = async (pid: number, seconds: number) => {
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, the 14th and 15th fields of the line, in clock ticks of 10 ms.
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = ticks();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return (ticks() - before) / 100 / seconds;
};

/** A folder with the backlogged merchant's endpoints, and `events` of its events waiting on them. */
const folderWith = async (dir: string, receiver: Receiver, events: number) => {
  mkdirSync(dir);
  const dataset = await openDataset(dir, receiver.url);
  await dataset.addEndpoints(0, ENDPOINTS, { rateLimitPerS: RATE_LIMIT_PER_S });
  let reported = 0;
  await writeBacklog(dataset.eventStore, events, ENDPOINTS, (written) => {
    if (written - reported < 100_000 && written < events) return;
    reported = written;
    phase(`  ${written} of ${events} events`);
  });
  await dataset.close();
};

const serverOn = (dir: string) =>
  startBenchServer({
    SLUICE_DATA_DIR: dir,
    SLUICE_ADMIN_KEY: ADMIN,
    SLUICE_ALLOW_HTTP_URLS: 'true',
    SLUICE_ALLOW_PRIVATE_URLS: 'true',
    SLUICE_RATE_LIMIT_RPS: '100000',
  });

export const backlogBenchmark = async ({ quick }: BenchmarkOptions): Promise<BenchmarkResult> => {
  const events = quick ? 10_000 : 500_000;
  const waiting = events * ENDPOINTS;
  const rounds = quick ? 2 : 4;
  const burst = quick ? 1_000 : 3_000;
  const steadySeconds = quick ? 2 : 5;
  const idleSeconds = quick ? 5 : 20;
  const receiver = await startReceiver();
  try {
    return await inTempDir(async (dir) => {
      phase('a folder without the backlog');
      await folderWith(join(dir, 'before'), receiver, 0);
      phase(
        `a folder with it: ${waiting} deliveries on ${ENDPOINTS} endpoints at ${RATE_LIMIT_PER_S}/s`,
      );
      await folderWith(join(dir, 'with'), receiver, events);

      const quiet = await serverOn(join(dir, 'before'));
      const busy = await serverOn(join(dir, 'with'));
      let quietStopped = false;
      try {
        const onQuiet = await freshMerchant(quiet.url, ADMIN, receiver, 'quiet');
        const onBusy = await freshMerchant(busy.url, ADMIN, receiver, 'busy');
        phase('warm-up: 500 events to each');
        await onQuiet.burst(500);
        await onBusy.burst(500);
        const rates: Array<{ value: number; ceiling: number }> = [];
        for (let round = 1; round <= rounds; round++) {
          phase(`round ${round} of ${rounds}: a burst of ${burst} to each, in turn`);
          // Each goes first in every other round.
          if (round % 2) {
            const ceiling = await onQuiet.burst(burst);
            rates.push({ ceiling, value: await onBusy.burst(burst) });
          } else {
            const value = await onBusy.burst(burst);
            rates.push({ value, ceiling: await onQuiet.burst(burst) });
          }
        }
        phase(`publish to receipt at ${STEADY_RATE}/s, ${steadySeconds} s on each in turn, twice`);
        const quietLatencies: number[] = [];
        const busyLatencies: number[] = [];
        for (let turn = 0; turn < 2; turn++) {
          quietLatencies.push(...(await onQuiet.steady(STEADY_RATE, steadySeconds)));
          busyLatencies.push(...(await onBusy.steady(STEADY_RATE, steadySeconds)));
        }
        await onQuiet.close();
        await onBusy.close();
        await quiet.stop();
        quietStopped = true;

        phase(`the backlogged server alone with its rate-limited work, ${idleSeconds} s`);
        const cpu = await cpuShare(busy.child.pid!, idleSeconds);
        const { peakMb } = processMemory(busy.child.pid!);

        const p = (values: number[], at: number) => percentile(values, at).toFixed(1);
        console.log(
          `\nBacklog isolation (${waiting} deliveries waiting on ${ENDPOINTS} endpoints limited to ${RATE_LIMIT_PER_S}/s; the fresh merchant: ${FRESH_PUBLISHERS} publishers, then ${STEADY_RATE} events/s)`,
        );
        table(
          rates.map(({ value, ceiling }, i) => ({
            round: i + 1,
            'publish rate /s, no backlog': Math.round(ceiling),
            'with the backlog': Math.round(value),
            ratio: (value / ceiling).toFixed(2),
          })),
        );
        table([
          {
            '': 'no backlog',
            p50: `${p(quietLatencies, 50)} ms`,
            p99: `${p(quietLatencies, 99)} ms`,
          },
          {
            '': 'with the backlog',
            p50: `${p(busyLatencies, 50)} ms`,
            p99: `${p(busyLatencies, 99)} ms`,
          },
        ]);
        console.log(
          `server CPU while only the rate-limited work waits: ${(cpu * 100).toFixed(1)} % of a core; peak RSS ${peakMb.toFixed(1)} MB`,
        );
        console.log('targets: rate >= 0.9 of before, p99 <= 1.5x before, CPU < 5 %, RSS < 250 MB');
        return {
          name: 'backlog',
          title: 'Backlog isolation',
          figures: [
            pairedFigure(
              `a fresh merchant's publish rate, ${waiting} deliveries of another waiting`,
              rates,
              'events/s',
              'the same on a folder without the backlog',
              0.9,
            ),
            withinCeiling(
              `its publish-to-receipt p99 at ${STEADY_RATE} events/s, with the backlog`,
              percentile(busyLatencies, 99),
              'ms',
              { what: 'the same without it', value: percentile(quietLatencies, 99) },
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
            `Two folders alike (the backlogged merchant and its ${ENDPOINTS} endpoints, limited to ${RATE_LIMIT_PER_S}/s each, a receiver answering 204); in one, ${events} of its events each planned to both: ${waiting} deliveries waiting, written through the server's own stores and projections. A server on each, side by side.`,
            `The fresh merchant, on each server in turn: ${rounds} rounds of ${burst} events from ${FRESH_PUBLISHERS} publishers (after 500 unmeasured), each delivered to its one endpoint (the rate is the rounds' median, the ratio the median of their ratios); then ${STEADY_RATE} events/s for ${steadySeconds} s on each in turn, twice, each timed from its publish to its receipt (p50 ${p(quietLatencies, 50)} ms without the backlog, ${p(busyLatencies, 50)} ms with it).`,
            `CPU from the backlogged server's user and system time over ${idleSeconds} s after the other server stopped, while the backlog drains at its rate; peak RSS is its VmHWM over the whole run.`,
          ],
        };
      } finally {
        if (!quietStopped) await quiet.stop();
        await busy.stop();
      }
    });
  } finally {
    await receiver.close();
  }
};
