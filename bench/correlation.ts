/**
 * `wait_for_event` at scale: what instances waiting for events cost the publication of events
 * that wake none of them, and how soon a matching event completes the instance waiting for it.
 */
import { Agent, request } from 'undici';
import type { Figure } from './figures.js';
import { ofCeiling, withinCeiling } from './figures.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, median, percentile, rate, table, time } from './support.js';

const ADMIN = 'sk_bench_correlation_admin_key_0123456789';
const CONCURRENCY = 32;
const client = new Agent({ connections: CONCURRENCY });

type Api = { url: string };

const call = async (api: Api, method: string, path: string, body?: unknown) => {
  const res = await request(`${api.url}${path}`, {
    method: method as 'GET',
    dispatcher: client,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
  return JSON.parse(text) as Record<string, unknown> & { id: string; status: string };
};

const AWAITING = {
  id: 'bench.await',
  name: 'Await a payment',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'paid',
      type: 'wait_for_event',
      event_type: 'payment.received',
      match: 'event.data.reference = input.ref',
    },
  ],
};

/** The median of three rounds. */
const rounds = async (measure: (round: number) => Promise<number>) => {
  const measured = [];
  for (let round = 0; round < 3; round++) measured.push(await measure(round));
  return median(measured);
};

const payment = (merchant: string, reference: string) => ({
  type: 'payment.received',
  merchant_id: merchant,
  data: {
    payment_id: `pay_${reference}`,
    currency: 'EUR',
    amount: 100,
    payer_name: 'Bench',
    reference,
    received_at: '2026-03-20T07:45:00.000Z',
  },
});

const inParallel = async (count: number, work: (i: number) => Promise<unknown>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < count; i = next++) await work(i);
    }),
  );
};

const statusOf = async (api: Api, id: string) =>
  (await call(api, 'GET', `/v1/process-instances/${id}`)).status;

const until = async (api: Api, id: string, status: string) => {
  while ((await statusOf(api, id)) !== status) await new Promise((r) => setTimeout(r, 2));
};

const startWaiting = async (api: Api, merchant: string, ref: string) => {
  const run = await call(api, 'POST', '/v1/processes/bench.await/runs', {
    merchant_id: merchant,
    input: { ref },
  });
  return run.id;
};

/**
 * Events per second published for a merchant whose instance waits for the last of them only,
 * measured until that instance completed: the correlation of every event is in the time.
 */
const publishRate = async (api: Api, count: number, round: string) => {
  const marker = await startWaiting(api, 'mer_publisher', `last-${round}`);
  await until(api, marker, 'waiting');
  const seconds = await time(async () => {
    await inParallel(count, (i) =>
      call(api, 'POST', '/v1/events', payment('mer_publisher', `${round}-${i}`)),
    );
    await call(api, 'POST', '/v1/events', payment('mer_publisher', `last-${round}`));
    await until(api, marker, 'completed');
  });
  return rate(count + 1, seconds);
};

/** From the matching event's record to the instance's completion, by the service's own clock. */
const wakeLatency = async (api: Api, count: number) => {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = await startWaiting(api, 'mer_latency', `wake-${i}`);
    await until(api, id, 'waiting');
    const event = await call(api, 'POST', '/v1/events', payment('mer_latency', `wake-${i}`));
    await until(api, id, 'completed');
    const done = await call(api, 'GET', `/v1/process-instances/${id}`);
    samples.push(Date.parse(done.completed_at as string) - Date.parse(event.created_at as string));
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

export const correlationFigures = async (quick: boolean) => {
  const waiting = quick ? 10_000 : 100_000;
  const published = quick ? 1_000 : 3_000;
  const wakes = quick ? 100 : 300;
  return inTempDir(async (dir) => {
    const server = await startBenchServer({
      SLUICE_DATA_DIR: dir,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_RATE_LIMIT_RPS: '1000000',
    });
    try {
      await call(server, 'POST', '/v1/process-definitions', AWAITING);
      await call(server, 'POST', '/v1/process-definitions/bench.await/activate', { version: 1 });
      // The first rounds warm the service up (its code, its caches): only the next ones count.
      for (const round of ['warm-1', 'warm-2', 'warm-3'])
        await publishRate(server, published, round);
      const alone = await rounds((round) => publishRate(server, published, `alone-${round}`));
      // Instances waiting on other keys: other merchants, 1,000 of them, each with its own.
      const ids: string[] = [];
      await inParallel(waiting, async (i) =>
        ids.push(await startWaiting(server, `mer_w${i % 1000}`, `ref-${i}`)),
      );
      for (const id of ids.slice(-100)) await until(server, id, 'waiting');
      const crowded = await rounds((round) => publishRate(server, published, `crowded-${round}`));
      const wake = await wakeLatency(server, wakes);
      // None waiting again, on a log as large: the waiting instances cancelled, their waits gone.
      await inParallel(ids.length, (i) =>
        call(server, 'POST', `/v1/process-instances/${ids[i]!}/cancel`, {}),
      );
      const after = await rounds((round) => publishRate(server, published, `after-${round}`));
      console.log(
        `\nwait_for_event (${published} events published; ${waiting.toLocaleString('en')} instances waiting on other keys; ${wakes} wakes)`,
      );
      table([
        { what: 'publish, none waiting (fresh log)', 'per s': alone, 'p50 ms': '', 'p99 ms': '' },
        {
          what: 'publish, none waiting (as large a log)',
          'per s': after,
          'p50 ms': '',
          'p99 ms': '',
        },
        {
          what: `publish, ${waiting} waiting elsewhere`,
          'per s': crowded,
          'p50 ms': '',
          'p99 ms': '',
        },
        {
          what: 'matching publish → completion',
          'per s': '',
          'p50 ms': wake.p50,
          'p99 ms': wake.p99,
        },
      ]);
      const figures: Figure[] = [
        ofCeiling(
          `events published and correlated, ${waiting.toLocaleString('en')} instances waiting on other keys`,
          crowded,
          'events/s',
          { what: 'the same with none waiting, on as large a log', value: after },
          0.9,
        ),
        withinCeiling(
          'matching publish → instance completed, p99',
          wake.p99,
          'ms',
          { what: 'the target, 20 ms', value: 20 },
          1,
        ),
      ];
      const notes = [
        `Each rate is the median of 3 rounds, after 3 rounds of warm-up: ${published} events published with ${CONCURRENCY} in flight, timed until an instance waiting for the last had completed (so the correlation of each is in the time); ${waiting.toLocaleString('en')} instances of 1,000 other merchants waited meanwhile. The baseline is measured once they are cancelled, on a log as large (${after} events/s; ${alone} on the fresh log before them). Wakes: ${wakes} instances one after the other, each from the event's record to its completion (p50 ${wake.p50} ms).`,
      ];
      return { figures, notes };
    } finally {
      await server.stop();
    }
  });
};
