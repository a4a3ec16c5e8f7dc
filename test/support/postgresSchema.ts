import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PostgresDatabase } from '../../adapters/postgres/database.js';
import { openPostgres } from '../../adapters/postgres/database.js';

export const postgresUrl = process.env.POSTGRES_URL;

export const NO_POSTGRES =
  'POSTGRES_URL is not set (a local PostgreSQL, then POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test)';

/** Drops a schema with everything in it. */
export const dropSchema = async (schema: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
};

/** A database on a schema of its own, dropped with everything in it on `drop`. */
export const freshSchema = async (): Promise<PostgresDatabase & { drop: () => Promise<void> }> => {
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const db = await openPostgres({ url: postgresUrl!, schema });
  return {
    ...db,
    drop: async () => {
      await db.close();
      await dropSchema(schema);
    },
  };
};
