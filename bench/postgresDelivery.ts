/**
 * Delivery in the distributed mode on PostgreSQL (every role in one process, SLUICE_ROLES=all)
 * against the embedded mode (SQLite, as `npm start` runs it), each the built service in a process
 * of its own, both delivering to the same receiver on 127.0.0.1 at the same concurrency: the
 * drain of a backlog replayed to a new endpoint, in rounds that measure both, and the latency from
 * publish to receipt at a steady rate.
 */
import { randomBytes } from 'node:crypto';
import { api, publishAtOnce, serverEnv, waitFor } from './delivery.js';
import type { Receiver } from './receiver.js';
import { startReceiver } from './receiver.js';
import type { BenchServer } from './serverProcess.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir } from './support.js';

export const LATENCY_RATE = 200;

type Side = { name: 'embedded' | 'postgres'; server: BenchServer; call: ReturnType<typeof api> };

/** One round: the PostgreSQL mode's drain rate (value) beside the embedded mode's (ceiling). */
export type DrainRound = { value: number; ceiling: number };

export type SteadyRun = {
  /** Publish to receipt, ms, in publishing order. */
  latencies: number[];
  /** Events received per second over the run, from the first publish to the last receipt. */
  achieved: number;
  /** When each event was published and received, ms since the epoch. */
  sentAt: Map<string, number>;
  receivedAt: Map<string, number>;
};

export type DeliveryMeasures = {
  warmUp: DrainRound;
  rounds: DrainRound[];
  postgres: SteadyRun;
  embedded: SteadyRun;
};

const epoch = (monotonic: number) => performance.timeOrigin + monotonic;

/** The whole backlog replayed to a new endpoint, until every webhook has arrived: events/s. */
const drain = async (side: Side, receiver: Receiver, backlog: number, round: number) => {
  const endpoint = await side.call('POST', '/v1/webhooks', {
    merchant_id: 'mer_bench',
    url: `${receiver.url}?${side.name}=${round}`,
  });
  const before = receiver.count();
  const started = performance.now();
  const replayed = await side.call('POST', `/v1/webhooks/${String(endpoint.id)}/replay`, {
    since: new Date(Date.now() - 3600_000).toISOString(),
  });
  if (replayed.count !== backlog)
    throw new Error(`${side.name}: replayed ${String(replayed.count)} of ${backlog} events`);
  await waitFor(() => receiver.count() - before >= backlog, 120_000);
  const rate = backlog / ((performance.now() - started) / 1000);
  // Done with: the next round's events go to the next round's endpoint alone.
  await side.call('DELETE', `/v1/webhooks/${String(endpoint.id)}`);
  return rate;
};

/** Events published at `LATENCY_RATE` per second, each timed from its publish to its receipt. */
export const steady = async (
  side: Pick<Side, 'call'>,
  receiver: Receiver,
  prefix: string,
  seconds: number,
  merchant = 'mer_bench',
): Promise<SteadyRun> => {
  const sent = new Map<string, number>();
  const total = Math.round(LATENCY_RATE * seconds);
  const begin = performance.now();
  const inFlight: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = begin + (i * 1000) / LATENCY_RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const id = `${prefix}_${i}`;
    sent.set(id, performance.now());
    inFlight.push(
      side.call('POST', '/v1/events', {
        id,
        type: 'order.created',
        merchant_id: merchant,
        data: { i },
      }),
    );
  }
  await Promise.all(inFlight);
  const ids = [...sent.keys()];
  let arrived = 0;
  await waitFor(() => {
    while (arrived < ids.length && receiver.arrivals.has(ids[arrived]!)) arrived++;
    return arrived === ids.length;
  }, 60_000);
  const received = ids.map((id) => receiver.arrivals.get(id)!);
  return {
    latencies: ids.map((id, i) => received[i]! - sent.get(id)!),
    achieved: total / ((Math.max(...received) - begin) / 1000),
    sentAt: new Map(ids.map((id) => [id, epoch(sent.get(id)!)])),
    receivedAt: new Map(ids.map((id, i) => [id, epoch(received[i]!)])),
  };
};

/**
 * The steady run on one side: to an endpoint of its own, after a second of the same load that is
 * not counted (the planner's path, which the replays of the drain do not take, runs for the
 * first time there).
 */
const latencyRun = async (side: Side, receiver: Receiver, seconds: number) => {
  const endpoint = await side.call('POST', '/v1/webhooks', {
    merchant_id: 'mer_bench',
    url: `${receiver.url}?latency=${side.name}`,
  });
  await steady(side, receiver, `evt_warm_${side.name}`, 1);
  const run = await steady(side, receiver, `evt_rate_${side.name}`, seconds);
  await side.call('DELETE', `/v1/webhooks/${String(endpoint.id)}`);
  return run;
};

/** Drain rounds (a warm-up first, not counted), each side in turn, then the steady runs. */
const measureBoth = async (
  sides: { embedded: Side; postgres: Side },
  receiver: Receiver,
  sizes: { backlog: number; rounds: number; seconds: number },
): Promise<DeliveryMeasures> => {
  const phase = (name: string) => process.stderr.write(`  … ${name}\n`);
  phase(`backlog of ${sizes.backlog} events, published to each mode`);
  // Published before any endpoint exists, so that nothing is delivered yet.
  for (const side of [sides.embedded, sides.postgres])
    await publishAtOnce(side.call, `evt_backlog_${side.name}`, sizes.backlog);
  const round = async (n: number): Promise<DrainRound> => {
    // Each goes first in every other round, so that neither always follows the other's work.
    const order = n % 2 ? [sides.postgres, sides.embedded] : [sides.embedded, sides.postgres];
    const rates = new Map<string, number>();
    for (const side of order) rates.set(side.name, await drain(side, receiver, sizes.backlog, n));
    return { value: rates.get('postgres')!, ceiling: rates.get('embedded')! };
  };
  phase('drain: warm-up round');
  const warmUp = await round(0);
  const rounds: DrainRound[] = [];
  for (let n = 1; n <= sizes.rounds; n++) {
    phase(`drain: round ${n} of ${sizes.rounds}`);
    rounds.push(await round(n));
  }
  phase(`publish to receipt at ${LATENCY_RATE}/s: PostgreSQL mode, then embedded`);
  const postgres = await latencyRun(sides.postgres, receiver, sizes.seconds);
  const embedded = await latencyRun(sides.embedded, receiver, sizes.seconds);
  return { warmUp, rounds, postgres, embedded };
};

/** Starts both services and the receiver, measures, and stops them. */
export const measureDelivery = (
  url: string,
  schema: string,
  sizes: { backlog: number; rounds: number; seconds: number },
): Promise<DeliveryMeasures> =>
  inTempDir((embeddedDir) =>
    inTempDir(async (postgresDir) => {
      const receiver = await startReceiver();
      const servers: BenchServer[] = [];
      const side = async (name: Side['name'], env: Record<string, string>): Promise<Side> => {
        const server = await startBenchServer(env);
        servers.push(server);
        return { name, server, call: api(server.url) };
      };
      try {
        const embedded = await side('embedded', {
          ...serverEnv(embeddedDir),
          SLUICE_MODE: 'embedded',
        });
        const postgres = await side('postgres', {
          ...serverEnv(postgresDir),
          SLUICE_MODE: 'distributed',
          SLUICE_ROLES: 'all',
          POSTGRES_URL: url,
          SLUICE_POSTGRES_SCHEMA: schema,
          SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        });
        return await measureBoth({ embedded, postgres }, receiver, sizes);
      } finally {
        for (const server of servers) await server.stop();
        await receiver.close();
      }
    }),
  );
