/**
 * The embedded event store's append rate against the ceiling of the same machine in the same run:
 * raw better-sqlite3 inserts of the same rows into the same table, with the same pragmas, one
 * transaction per append (what the store does).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { isLeft } from 'fp-ts/lib/Either.js';
import { sqliteEventStore } from '../adapters/eventstore/sqlite/sqliteEventStore.js';
import { createEventTables } from '../adapters/eventstore/sqlite/schema.js';
import { openSqlite } from '../adapters/sqlite/database.js';
import type { NewEvent } from '../domain/shared/envelope.js';
import { emptyMetadata } from '../domain/shared/envelope.js';
import type { BenchmarkOptions, BenchmarkResult, Figure } from './figures.js';
import { ofCeiling } from './figures.js';
import { inTempDir, median, rate, table, time } from './support.js';

const ROUNDS = 3;
const STREAMS = 1000;

/** Events of the size the API's writes append, for the append benchmarks. */
const payload = {
  order_id: 'ord_123',
  amount: 1999,
  currency: 'EUR',
  lines: [{ sku: 'A-1', qty: 2 }],
};

export const makeEvents = (count: number): NewEvent[] =>
  Array.from({ length: count }, () => ({
    id: randomUUID(),
    type: 'order.created',
    data: payload,
    metadata: {
      ...emptyMetadata(),
      merchant_id: 'mer_bench',
      actor: 'key_bench',
      request_id: 'req_bench',
    },
  }));

/** Through the port: appends of `batch` events each, to rotating streams, each awaited. */
const storeRun = (batch: number, count: number) =>
  inTempDir(async (dir) => {
    const db = openSqlite({ file: join(dir, 'bench.db') });
    const store = sqliteEventStore(db);
    const events = makeEvents(count);
    const seconds = await time(async () => {
      for (let i = 0; i < count; i += batch) {
        const result = await store.append(
          `order-${(i / batch) % STREAMS}`,
          events.slice(i, i + batch),
          'any',
        );
        if (isLeft(result)) throw new Error('conflict in benchmark');
      }
    });
    db.close();
    return seconds;
  });

/** The ceiling: the same rows inserted straight into the same table, `batch` rows per transaction. */
const rawRun = (batch: number, count: number) =>
  inTempDir(async (dir) => {
    const db = openSqlite({ file: join(dir, 'bench.db') });
    createEventTables(db);
    const insert = db.prepare(
      'INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const revisions = new Map<string, number>();
    const write = db.transaction((stream: string, rows: NewEvent[]) => {
      let revision = revisions.get(stream) ?? -1;
      const at = new Date().toISOString();
      for (const e of rows) {
        insert.run(
          e.id,
          stream,
          ++revision,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
          at,
        );
      }
      revisions.set(stream, revision);
    });
    const events = makeEvents(count);
    const seconds = await time(() => {
      for (let i = 0; i < count; i += batch)
        write(`order-${(i / batch) % STREAMS}`, events.slice(i, i + batch));
    });
    db.close();
    return seconds;
  });

export const appendBenchmark = async ({ quick }: BenchmarkOptions): Promise<BenchmarkResult> => {
  const events = quick ? 5000 : 20_000;
  console.log(
    `\nEvent store append (embedded SQLite, WAL, synchronous=NORMAL): ${events} events, median of ${ROUNDS} rounds`,
  );
  const rows = [];
  const figures: Figure[] = [];
  for (const batch of [1, 10, 100]) {
    const store: number[] = [];
    const raw: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      raw.push(await rawRun(batch, events));
      store.push(await storeRun(batch, events));
    }
    const storeRate = rate(events, median(store));
    const rawRate = rate(events, median(raw));
    rows.push({
      'events per append': batch,
      'store events/s': storeRate,
      'raw inserts/s': rawRate,
      'store / raw': (storeRate / rawRate).toFixed(2),
    });
    figures.push(
      ofCeiling(
        `append, ${batch} event${batch > 1 ? 's' : ''} per append`,
        storeRate,
        'events/s',
        { what: 'raw better-sqlite3 inserts, same rows and pragmas', value: rawRate },
        0.5,
      ),
    );
  }
  table(rows);
  console.log('target: store / raw >= 0.50');
  return {
    name: 'append',
    title: 'Event store append',
    figures,
    notes: [
      `${events} events to 1,000 streams, median of ${ROUNDS} rounds; embedded SQLite, WAL, synchronous=NORMAL.`,
    ],
  };
};
