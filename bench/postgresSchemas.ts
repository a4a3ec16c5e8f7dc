/**
 * The schemas of one run of the PostgreSQL benchmark: each named after the run, so that the run
 * drops what it made, and only that, even when a measure fails half-way.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const NO_POSTGRES =
  'POSTGRES_URL is not set (a local PostgreSQL, then POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test)';

export type BenchSchemas = {
  /** A new schema name of this run (the schema itself is made by whoever opens it). */
  next: (what: string) => string;
  drop: (schema: string) => Promise<void>;
  /** Drops every schema of this run still there. */
  dropAll: () => Promise<void>;
};

const withClient = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

export const benchSchemas = (url: string): BenchSchemas => {
  const run = `bench_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  let made = 0;
  return {
    next: (what) => `${run}_${what}_${++made}`,
    drop: (schema) =>
      withClient(url, async (client) => {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      }),
    dropAll: () =>
      withClient(url, async (client) => {
        const left = await client.query<{ name: string }>(
          'SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)',
          [`${run}_`],
        );
        for (const { name } of left.rows) await client.query(`DROP SCHEMA ${name} CASCADE`);
      }),
  };
};
