/**
 * The PostgreSQL event store's append rate against the ceiling of the same server in the same run:
 * raw INSERTs of the same rows into a table of the same columns, constraints and indexes (made by
 * the store's own migration), by as many concurrent writers, in batches of the same size, one
 * commit per batch. The store adds its append lock, its reads of the head and of the streams'
 * revisions, and its group commit; the raw writers add nothing and coordinate nothing.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import { postgresEventStore } from '../adapters/eventstore/postgres/postgresEventStore.js';
import { createEventTables } from '../adapters/eventstore/postgres/schema.js';
import type { PostgresDatabase } from '../adapters/postgres/database.js';
import { openPostgres } from '../adapters/postgres/database.js';
import type { NewEvent } from '../domain/shared/envelope.js';
import type { BenchSchemas } from './postgresSchemas.js';
import { makeEvents } from './append.js';
import { time } from './support.js';

const STREAMS = 1000;
/** The pool of the service in this mode (src/modes/postgresStores.ts), for both sides. */
const POOL = 20;

export type AppendScenario = { batch: number; writers: number; events: number };
export type AppendRound = { value: number; ceiling: number };

/**
 * `writers` loops at once, each taking the next batch until none is left: batch `n` goes to stream
 * `n mod 1000`. Returns the seconds taken.
 */
const runWriters = (
  { batch, writers, events }: AppendScenario,
  write: (stream: string, rows: NewEvent[]) => Promise<void>,
): Promise<number> => {
  const all = makeEvents(events);
  let next = 0;
  return time(async () => {
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (next * batch < events) {
          const n = next++;
          await write(`order-${n % STREAMS}`, all.slice(n * batch, (n + 1) * batch));
        }
      }),
    );
  });
};

/** Runs `fn` on a pool in a schema of its own, dropped afterwards. */
const inSchema = async <T>(
  url: string,
  schemas: BenchSchemas,
  fn: (db: PostgresDatabase) => Promise<T>,
): Promise<T> => {
  const schema = schemas.next('append');
  const db = await openPostgres({ url, schema, max: POOL });
  try {
    return await fn(db);
  } finally {
    await db.close();
    await schemas.drop(schema);
  }
};

/** Through the port: each writer's appends awaited one after the other, expecting any revision. */
const storeRun = (url: string, schemas: BenchSchemas, scenario: AppendScenario) =>
  inSchema(url, schemas, async (db) => {
    const store = await postgresEventStore(db);
    try {
      return await runWriters(scenario, async (stream, rows) => {
        const result = await store.append(stream, rows, 'any');
        if (isLeft(result)) throw new Error('conflict in benchmark');
      });
    } finally {
      await store.close();
    }
  });

const COLUMNS = '(position, id, stream, revision, type, data, metadata, merchant_id, recorded_at)';
/** One row as plain VALUES; a batch as arrays, one parameter per column (as the store writes). */
const ONE = `INSERT INTO events ${COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
const MANY = `INSERT INTO events ${COLUMNS}
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[], $6::json[],
    $7::jsonb[], $8::text[], $9::text[])`;

/**
 * The ceiling: the same rows in the same table, `batch` rows per statement and commit, by prepared
 * statements. Positions and revisions are counted here, so no writer waits for another.
 */
const rawRun = (url: string, schemas: BenchSchemas, scenario: AppendScenario) =>
  inSchema(url, schemas, async (db) => {
    await createEventTables(db);
    let position = 0;
    const revisions = new Map<string, number>();
    return runWriters(scenario, async (stream, rows) => {
      const at = new Date().toISOString();
      let revision = revisions.get(stream) ?? -1;
      const columns = rows.map((e) => [
        ++position,
        e.id,
        stream,
        ++revision,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        e.metadata.merchant_id,
        at,
      ]);
      revisions.set(stream, revision);
      if (rows.length === 1) {
        await db.pool.query({ name: 'raw_one', text: ONE, values: columns[0] });
      } else {
        const values = columns[0]!.map((_, c) => columns.map((row) => row[c]));
        await db.pool.query({ name: 'raw_many', text: MANY, values });
      }
    });
  });

/**
 * Each scenario once small to warm both sides (not counted), then `rounds` rounds of the ceiling
 * and the store in turn, each in a fresh schema, in events per second.
 */
export const measureAppends = async (
  url: string,
  schemas: BenchSchemas,
  scenarios: readonly AppendScenario[],
  rounds: number,
): Promise<AppendRound[][]> => {
  for (const scenario of scenarios) {
    const small = { ...scenario, events: Math.ceil(scenario.events / 10) };
    await rawRun(url, schemas, small);
    await storeRun(url, schemas, small);
  }
  const results: AppendRound[][] = scenarios.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, scenario] of scenarios.entries()) {
      process.stderr.write(
        `  … append round ${round + 1} of ${rounds}: ${scenario.batch} × ${scenario.writers}\n`,
      );
      const ceiling = scenario.events / (await rawRun(url, schemas, scenario));
      const value = scenario.events / (await storeRun(url, schemas, scenario));
      results[i]!.push({ value, ceiling });
    }
  }
  return results;
};
