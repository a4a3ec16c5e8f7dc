/**
 * The deliveries projection's rebuild over a log whose payloads are sealed: the same history
 * written twice through the sealing decorator, once sealing (the business events' data and every
 * attempt's answer sealed) and once not, then rebuilt from each in turn. A rebuild reads the log
 * as the projector does, below the decorator: the read model copies the answers sealed.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { EventStore } from '../adapters/eventstore/port.js';
import { sqliteEventStore } from '../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { PayloadKeyStore } from '../adapters/payloadkeys/port.js';
import { sqlitePayloadKeys } from '../adapters/payloadkeys/sqlite/sqlitePayloadKeys.js';
import type { ReadStore } from '../adapters/readstore/port.js';
import { sqliteReadStore } from '../adapters/readstore/sqlite/sqliteReadStore.js';
import { startBackgroundCheckpoints } from '../adapters/sqlite/backgroundCheckpoints.js';
import { openSqlite } from '../adapters/sqlite/database.js';
import type { DeliveryAttempted } from '../domain/deliveries/deliveryTypes.js';
import { allProjections } from '../projections/index.js';
import { dataKeys } from '../src/payloads/dataKeys.js';
import { sealingEventStore } from '../src/payloads/sealingEventStore.js';
import { mutex } from '../src/projector/mutex.js';
import { rebuildProjection } from '../src/projector/rebuild.js';
import { secretBox } from '../src/secrets/secretBox.js';
import { writeHistory } from './history.js';
import { inTempDir, median, time } from './support.js';

/** What a receiver answers a webhook with, kept as the attempt's response body. */
export const RECEIVER_ANSWER = JSON.stringify({
  received: true,
  queued_at: '2026-11-25T10:00:00.000Z',
  handler: 'orders-webhook-v2',
});

const deliveries = allProjections.find((projection) => projection.name === 'deliveries')!;

type Log = {
  eventStore: EventStore;
  readStore: ReadStore;
  /** Events written, and at what rate. */
  events: number;
  writtenPerSecond: number;
  close: () => Promise<void>;
};

/** A log in a file of its own, its history written through the decorator, sealing or not. */
const writeLog = async (file: string, keys: PayloadKeyStore, seal: boolean, target: number) => {
  const db = openSqlite({ file });
  // As the server runs: the log is copied into the database file by a thread of its own.
  const checkpoints = startBackgroundCheckpoints(db, file);
  const eventStore = sqliteEventStore(db);
  const sealing = sealingEventStore(eventStore, dataKeys(keys, secretBox(randomBytes(32))), {
    seal,
    now: () => new Date(),
  });
  let events = 0;
  const seconds = await time(async () => {
    events = await writeHistory(sealing, target, { answer: RECEIVER_ANSWER });
  });
  await checkSealed(eventStore, seal);
  const log: Log = {
    eventStore,
    readStore: sqliteReadStore(db),
    events,
    writtenPerSecond: events / seconds,
    close: async () => {
      await eventStore.close();
      await checkpoints.stop();
      db.close();
    },
  };
  await log.readStore.registerProjection(deliveries.name, deliveries.collections);
  return log;
};

/** The attempts in the log carry their answers sealed, or in clear, as asked. */
const checkSealed = async (log: EventStore, seal: boolean) => {
  const page = await log.readAll({ filter: { type: 'delivery.attempted' }, limit: 10 });
  const answered = page.events
    .map((e) => e.data as DeliveryAttempted['data'] & { sealed_response_body?: string })
    .filter((data) => data.response_status_code === 200);
  const ok = answered.every((data) =>
    seal
      ? data.response_body === null && data.sealed_response_body !== undefined
      : data.response_body === RECEIVER_ANSWER,
  );
  if (answered.length === 0 || !ok)
    throw new Error(`the attempts' answers are not ${seal ? 'sealed' : 'in clear'}`);
};

export type SealedRebuildRound = { sealed: number; clear: number };

export type SealedRebuild = {
  events: number;
  writtenPerSecond: { sealed: number; clear: number };
  rounds: SealedRebuildRound[];
  /** The rounds' medians, in events of the log per second, and the median of their ratios. */
  sealed: number;
  clear: number;
  ratio: number;
};

/** The rebuild's rate: events of the whole log per second. */
const rebuildRate = async (log: Log): Promise<number> => {
  const seconds = await time(async () => {
    await rebuildProjection(log.eventStore, log.readStore, deliveries, mutex());
  });
  return log.events / seconds;
};

/**
 * Both logs rebuilt once (not counted: the code compiles, the files are read into the page
 * cache), then `rounds` rounds of both, the first alternating.
 */
export const measureSealedRebuild = (target: number, rounds: number): Promise<SealedRebuild> =>
  inTempDir(async (dir) => {
    const keys = sqlitePayloadKeys(join(dir, 'keys.db'));
    process.stderr.write(`  … rebuild: writing two logs of ${target} events\n`);
    const sealedLog = await writeLog(join(dir, 'sealed.db'), keys, true, target);
    const clearLog = await writeLog(join(dir, 'clear.db'), keys, false, target);
    try {
      await rebuildRate(sealedLog);
      await rebuildRate(clearLog);
      const measured: SealedRebuildRound[] = [];
      for (let round = 1; round <= rounds; round++) {
        process.stderr.write(`  … rebuild round ${round} of ${rounds}\n`);
        const sealedFirst = round % 2 === 1;
        const first = await rebuildRate(sealedFirst ? sealedLog : clearLog);
        const second = await rebuildRate(sealedFirst ? clearLog : sealedLog);
        measured.push(
          sealedFirst ? { sealed: first, clear: second } : { sealed: second, clear: first },
        );
      }
      return {
        events: sealedLog.events,
        writtenPerSecond: { sealed: sealedLog.writtenPerSecond, clear: clearLog.writtenPerSecond },
        rounds: measured,
        sealed: median(measured.map((r) => r.sealed)),
        clear: median(measured.map((r) => r.clear)),
        ratio: median(measured.map((r) => r.sealed / r.clear)),
      };
    } finally {
      await sealedLog.close();
      await clearLog.close();
      await keys.close();
    }
  });
