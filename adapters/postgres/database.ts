import pg from 'pg';

/** A schema name as PostgreSQL takes it unquoted: several deployments share one database this way. */
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export type PostgresDatabase = {
  pool: pg.Pool;
  /** The schema every table of this deployment lives in. */
  schema: string;
  /** Runs `migrate` once per name, in order, each in a transaction of its own. */
  migrate: (name: string, sql: string) => Promise<void>;
  close: () => Promise<void>;
};

/** The schema and its table of migrations; processes starting at once take turns. */
const createSchema = async (pool: pg.Pool, schema: string) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('sluice.schema'))");
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
};

/**
 * A pool of connections to the deployment's schema (created when missing): every connection's
 * search path is that schema, so statements name their tables bare.
 */
export const openPostgres = async (options: {
  url: string;
  schema: string;
  max?: number;
}): Promise<PostgresDatabase> => {
  if (!SCHEMA.test(options.schema))
    throw new Error(`The schema name ${options.schema} is not a lower-case SQL identifier.`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    options: `-c search_path=${options.schema}`,
  });
  // An idle connection the server closes must not take the process down with it.
  pool.on('error', () => undefined);
  await createSchema(pool, options.schema);
  return {
    pool,
    schema: options.schema,
    migrate: async (name, sql) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Two processes starting at once: the second waits here, then finds the migration done.
        await client.query("SELECT pg_advisory_xact_lock(hashtext('sluice.migrations'))");
        const done = await client.query('SELECT 1 FROM migrations WHERE name = $1', [name]);
        if (done.rowCount === 0) {
          await client.query(sql);
          await client.query('INSERT INTO migrations (name) VALUES ($1)', [name]);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};
