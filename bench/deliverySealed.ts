/**
 * What sealing costs delivery: two servers side by side, one with SLUICE_PAYLOAD_ENCRYPTION=true
 * and one with false, each sent the same bursts of events of 1 KiB in alternate order, each timed
 * from its first publish to its last receipt. The receiver answers every webhook with a 200 and a
 * body, so that each attempt has an answer to seal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BusinessEventData } from '../domain/events/businessEvent.js';
import { isSealed } from '../src/payloads/payloadCipher.js';
import { DATABASE_FILE } from '../src/modes/embeddedStores.js';
import { orderOf } from './appendSealed.js';
import { api, serverEnv } from './delivery.js';
import type { Receiver } from './receiver.js';
import { startReceiver } from './receiver.js';
import { RECEIVER_ANSWER } from './rebuildSealed.js';
import type { BenchServer } from './serverProcess.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, median } from './support.js';

const MERCHANT = 'mer_bench_sealing';
const PUBLISHERS = 32;
const RECORDING_MS = 250;

type Side = { seal: boolean; dir: string; server: BenchServer; call: ReturnType<typeof api> };

/** A process's user and system time so far, in microseconds (clock ticks of 10 ms). */
const cpuMicros = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

/** A burst's rate, and the server's CPU per event (all its threads), in microseconds. */
export type BurstCost = { rate: number; cpu: number };

/**
 * Events per second from the first publish of `events` events to the receipt of the last; the
 * server's CPU from the first publish until it has recorded the last attempts.
 */
const burst = async (
  side: Side,
  receiver: Receiver,
  prefix: string,
  events: number,
): Promise<BurstCost> => {
  const ids = Array.from({ length: events }, (_, n) => `${prefix}_${n}`);
  const pid = side.server.child.pid!;
  const cpuBefore = cpuMicros(pid);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < events) {
        const n = next++;
        await side.call('POST', '/v1/events', {
          id: ids[n],
          type: 'order.created',
          merchant_id: MERCHANT,
          data: orderOf(n),
        });
      }
    }),
  );
  while (!ids.every((id) => receiver.arrivals.has(id))) {
    if (performance.now() - started > 120_000) throw new Error(`${prefix}: not all delivered`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const last = Math.max(...ids.map((id) => receiver.arrivals.get(id)!));
  // The last answers are recorded just after they arrive: a moment for them, idle otherwise.
  await new Promise((resolve) => setTimeout(resolve, RECORDING_MS));
  return {
    rate: events / ((last - started) / 1000),
    cpu: (cpuMicros(pid) - cpuBefore) / events,
  };
};

/**
 * What the server's log holds, read from its file beside it: the event's data and the last
 * attempt's answer sealed with the setting on, in clear with it off.
 */
const checkLog = (side: Side, eventId: string) => {
  const db = new Database(join(side.dir, DATABASE_FILE), { readonly: true });
  try {
    const event = db
      .prepare<[string], { data: string }>('SELECT data FROM events WHERE stream = ?')
      .get(`event-${eventId}`);
    const attempt = db
      .prepare<[], { data: string }>(
        "SELECT data FROM events WHERE type = 'delivery.attempted' ORDER BY rowid DESC LIMIT 1",
      )
      .get();
    const data = event && (JSON.parse(event.data) as BusinessEventData).data;
    const answer = attempt && (JSON.parse(attempt.data) as Record<string, unknown>);
    const sealed =
      isSealed(data) && answer?.response_body === null && isSealed(answer.sealed_response_body);
    const clear =
      !isSealed(data) && data !== undefined && answer?.response_body === RECEIVER_ANSWER;
    if (!(side.seal ? sealed : clear))
      throw new Error(
        `the server's log does not hold its payloads ${side.seal ? 'sealed' : 'in clear'}`,
      );
  } finally {
    db.close();
  }
};

export type SealedDeliveryRound = { sealed: BurstCost; clear: BurstCost };

export type SealedDelivery = {
  events: number;
  warmUp: SealedDeliveryRound;
  rounds: SealedDeliveryRound[];
  /** The rounds' medians, in events per second, and the median of their ratios. */
  sealed: number;
  clear: number;
  ratio: number;
  /** The same of the servers' CPU per event, in microseconds. */
  cpu: { sealed: number; clear: number; ratio: number };
};

const startSide = async (dir: string, seal: boolean, receiver: Receiver): Promise<Side> => {
  const server = await startBenchServer({
    ...serverEnv(dir),
    SLUICE_PAYLOAD_ENCRYPTION: String(seal),
  });
  const call = api(server.url);
  await call('POST', '/v1/webhooks', {
    merchant_id: MERCHANT,
    url: `${receiver.url}?sealed=${seal}`,
  });
  return { seal, dir, server, call };
};

/** A burst to each server once (not counted), then `rounds` rounds of both, the first alternating. */
export const measureSealedDelivery = async (
  events: number,
  rounds: number,
): Promise<SealedDelivery> => {
  const receiver = await startReceiver({ status: 200, body: RECEIVER_ANSWER });
  try {
    return await inTempDir(async (dir) => {
      const sealed = await startSide(join(dir, 'sealed'), true, receiver);
      const clear = await startSide(join(dir, 'clear'), false, receiver);
      const run = (side: Side, round: number) =>
        burst(side, receiver, `evt_sealed_${side.seal}_${round}`, events);
      try {
        process.stderr.write('  … delivery: warm-up burst on each server\n');
        const warmUp = { sealed: await run(sealed, 0), clear: await run(clear, 0) };
        const measured: SealedDeliveryRound[] = [];
        for (let round = 1; round <= rounds; round++) {
          process.stderr.write(`  … delivery round ${round} of ${rounds}\n`);
          if (round % 2 === 1) {
            const first = await run(sealed, round);
            measured.push({ sealed: first, clear: await run(clear, round) });
          } else {
            const first = await run(clear, round);
            measured.push({ sealed: await run(sealed, round), clear: first });
          }
        }
        checkLog(sealed, `evt_sealed_true_${rounds}_0`);
        checkLog(clear, `evt_sealed_false_${rounds}_0`);
        return {
          events,
          warmUp,
          rounds: measured,
          sealed: median(measured.map((r) => r.sealed.rate)),
          clear: median(measured.map((r) => r.clear.rate)),
          ratio: median(measured.map((r) => r.sealed.rate / r.clear.rate)),
          cpu: {
            sealed: median(measured.map((r) => r.sealed.cpu)),
            clear: median(measured.map((r) => r.clear.cpu)),
            ratio: median(measured.map((r) => r.sealed.cpu / r.clear.cpu)),
          },
        };
      } finally {
        await sealed.server.stop();
        await clear.server.stop();
      }
    });
  } finally {
    await receiver.close();
  }
};
