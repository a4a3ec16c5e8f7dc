/**
 * What sealing costs an append: business events of 1 KiB of data, each published in a stream of
 * its own as the API publishes them, appended through the sealing decorator with sealing on and
 * with it off (what SLUICE_PAYLOAD_ENCRYPTION=false runs), in alternate order, each run in a fresh
 * store. The data keys are kept across runs, as a server keeps them: a key is made once per
 * merchant and period, not once per run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { postgresEventStore } from '../adapters/eventstore/postgres/postgresEventStore.js';
import { sqliteEventStore } from '../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { PayloadKeyStore } from '../adapters/payloadkeys/port.js';
import { postgresPayloadKeys } from '../adapters/payloadkeys/postgres/postgresPayloadKeys.js';
import { sqlitePayloadKeys } from '../adapters/payloadkeys/sqlite/sqlitePayloadKeys.js';
import { openPostgres } from '../adapters/postgres/database.js';
import { openSqlite } from '../adapters/sqlite/database.js';
import type { BusinessEventData } from '../domain/events/businessEvent.js';
import { businessEventStream } from '../domain/events/businessEvent.js';
import type { NewEvent } from '../domain/shared/envelope.js';
import { emptyMetadata } from '../domain/shared/envelope.js';
import type { DataKeys } from '../src/payloads/dataKeys.js';
import { dataKeys } from '../src/payloads/dataKeys.js';
import { isSealed } from '../src/payloads/payloadCipher.js';
import { sealEvents } from '../src/payloads/sealedEvents.js';
import { sealingEventStore } from '../src/payloads/sealingEventStore.js';
import { secretBox } from '../src/secrets/secretBox.js';
import type { BenchSchemas } from './postgresSchemas.js';
import { inTempDir, median, time } from './support.js';

const MERCHANTS = 10;
/** The service's pool in the distributed mode (src/modes/postgresStores.ts). */
const POOL = 20;

/** An order as a platform publishes it, with as many lines as bring its JSON to about 1 KiB. */
export const orderOf = (n: number): Record<string, unknown> => {
  const order = {
    order_id: `ord_${n}`,
    amount: 0,
    currency: 'EUR',
    customer: { id: `cus_${n}`, email: `buyer${n}@example.com`, name: 'Ada Lovelace' },
    shipping: { line1: '12 Rue de la Paix', city: 'Paris', postcode: '75002', country: 'FR' },
    lines: [] as Array<Record<string, unknown>>,
  };
  for (let line = 0; JSON.stringify(order).length < 1000; line++) {
    order.lines.push({
      sku: `SKU-${line}-${n}`,
      name: 'Linen shirt',
      qty: 1 + (line % 3),
      price: 4900,
    });
    order.amount += 4900 * (1 + (line % 3));
  }
  return order;
};

type Publish = { stream: string; events: NewEvent[] };

/** `count` business events, each in its own stream, of `MERCHANTS` merchants in turn. */
const publishes = (count: number): Publish[] =>
  Array.from({ length: count }, (_, n) => {
    const id = `evt_${randomUUID()}`;
    const merchant = `mer_seal_${n % MERCHANTS}`;
    const data: BusinessEventData = {
      id,
      merchant_id: merchant,
      created_at: new Date().toISOString(),
      data: orderOf(n),
      channels: null,
    };
    const metadata = { ...emptyMetadata(), merchant_id: merchant, actor: 'key_bench' };
    return {
      stream: businessEventStream(id),
      events: [{ id: randomUUID(), type: 'order.created', data, metadata }],
    };
  });

/** A place to append to: each run in a fresh store, the keys shared by all runs. */
export type AppendBackend = {
  name: string;
  keys: PayloadKeyStore;
  withStore: <T>(fn: (store: EventStore) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export const sqliteBackend = (dir: string): AppendBackend => {
  const keys = sqlitePayloadKeys(join(dir, 'keys.db'));
  return {
    name: 'SQLite',
    keys,
    withStore: (fn) =>
      inTempDir(async (runDir) => {
        const db = openSqlite({ file: join(runDir, 'bench.db') });
        const store = sqliteEventStore(db);
        try {
          return await fn(store);
        } finally {
          await store.close();
          db.close();
        }
      }),
    close: () => keys.close(),
  };
};

export const postgresBackend = async (
  url: string,
  schemas: BenchSchemas,
): Promise<AppendBackend> => {
  const keysDb = await openPostgres({ url, schema: schemas.next('keys'), max: 4 });
  const keys = await postgresPayloadKeys(keysDb);
  return {
    name: 'PostgreSQL',
    keys,
    withStore: async (fn) => {
      const schema = schemas.next('append');
      const db = await openPostgres({ url, schema, max: POOL });
      try {
        const store = await postgresEventStore(db);
        try {
          return await fn(store);
        } finally {
          await store.close();
        }
      } finally {
        await db.close();
        await schemas.drop(schema);
      }
    },
    close: async () => {
      await keys.close();
      await keysDb.close();
    },
  };
};

export type AppendScenario = { atOnce: number; events: number };
/** Microseconds per event: of the clock, and of this process's CPU (all its threads). */
export type AppendCost = { wall: number; cpu: number };
export type SealedAppendRound = { sealed: AppendCost; clear: AppendCost };

/** Events a side appends before the other takes its turn, within a round. */
const SLICE = 500;

type Side = { seal: boolean; raw: EventStore; store: EventStore; all: Publish[]; cost: AppendCost };

/** `atOnce` publishers, each appending the next event of the slice once its last is recorded. */
const appendSlice = async (side: Side, from: number, to: number, atOnce: number) => {
  let next = from;
  const cpuBefore = process.cpuUsage();
  const seconds = await time(async () => {
    await Promise.all(
      Array.from({ length: atOnce }, async () => {
        while (next < to) {
          const { stream, events } = side.all[next++]!;
          const result = await side.store.append(stream, events, 'no_stream');
          if (isLeft(result)) throw new Error('conflict in benchmark');
        }
      }),
    );
  });
  const cpu = process.cpuUsage(cpuBefore);
  side.cost.wall += seconds * 1e6;
  side.cost.cpu += cpu.user + cpu.system;
};

/** What the log holds is sealed, or not, as the side asked. */
const checkSide = async (side: Side) => {
  const [stored] = await side.raw.readStream(side.all[0]!.stream);
  if (isSealed((stored?.data as BusinessEventData).data) !== side.seal)
    throw new Error(`the log holds the payloads ${side.seal ? 'in clear' : 'sealed'}`);
};

/**
 * A round: two fresh stores, one sealing and one not, each sent `events` events a slice at a
 * time, taking turns (the first of each pair alternating), so that the machine's other work falls
 * on both alike. Returns each side's cost per event.
 */
const appendRound = (
  backend: AppendBackend,
  keys: DataKeys,
  { atOnce, events }: AppendScenario,
): Promise<SealedAppendRound> =>
  backend.withStore((sealedRaw) =>
    backend.withStore(async (clearRaw) => {
      const side = (seal: boolean, raw: EventStore): Side => ({
        seal,
        raw,
        store: sealingEventStore(raw, keys, { seal, now: () => new Date() }),
        all: publishes(events),
        cost: { wall: 0, cpu: 0 },
      });
      const sealed = side(true, sealedRaw);
      const clear = side(false, clearRaw);
      for (let from = 0, turn = 0; from < events; from += SLICE, turn++) {
        const to = Math.min(events, from + SLICE);
        for (const s of turn % 2 === 0 ? [sealed, clear] : [clear, sealed])
          await appendSlice(s, from, to, atOnce);
      }
      await checkSide(sealed);
      await checkSide(clear);
      const perEvent = (cost: AppendCost) => ({ wall: cost.wall / events, cpu: cost.cpu / events });
      return { sealed: perEvent(sealed.cost), clear: perEvent(clear.cost) };
    }),
  );

/**
 * Each scenario: a round at a fifth of the size (not counted: the code compiles, the keys are
 * made), then `rounds` rounds, each in microseconds per event.
 */
export const measureSealedAppends = async (
  backend: AppendBackend,
  scenarios: readonly AppendScenario[],
  rounds: number,
): Promise<SealedAppendRound[][]> => {
  const keys = dataKeys(backend.keys, secretBox(randomBytes(32)));
  const results: SealedAppendRound[][] = [];
  for (const scenario of scenarios) {
    await appendRound(backend, keys, { ...scenario, events: Math.ceil(scenario.events / 5) });
    const measured: SealedAppendRound[] = [];
    for (let round = 1; round <= rounds; round++) {
      process.stderr.write(
        `  … ${backend.name} append, ${scenario.atOnce} at once, round ${round} of ${rounds}\n`,
      );
      measured.push(await appendRound(backend, keys, scenario));
    }
    results.push(measured);
  }
  return results;
};

/**
 * What sealing one event costs alone, in this process: its data turned to JSON, sealed under its
 * merchant's key (kept), the event rebuilt around it. Read beside the appends' figures, which the
 * machine's other work moves more.
 */
export const sealingAloneMicros = async (events: number): Promise<number> => {
  const keys = dataKeys(sqlitePayloadKeys(':memory:'), secretBox(randomBytes(32)));
  const all = publishes(events);
  const sealAll = async () => {
    for (const { stream, events: batch } of all) await sealEvents(keys, stream, batch, new Date());
  };
  await sealAll();
  return ((await time(sealAll)) / events) * 1e6;
};

/** The rounds' medians of one cost, and the median of their ratios (sealed / clear). */
export const summary = (rounds: readonly SealedAppendRound[], cost: keyof AppendCost) => ({
  sealed: median(rounds.map((r) => r.sealed[cost])),
  clear: median(rounds.map((r) => r.clear[cost])),
  ratio: median(rounds.map((r) => r.sealed[cost] / r.clear[cost])),
});
