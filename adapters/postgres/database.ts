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

/** Runs `work` in a transaction on a connection of its own: committed, or rolled back on error. */
export const transaction = async <T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/** The schema and its table of migrations; processes starting at once take turns. */
const createSchema = (pool: pg.Pool, schema: string) =>
  transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('sluice.schema'))");
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });

/**
 * A pool of connections to the deployment's schema (created when missing): every connection's
 * search path is that schema, so statements name their tables bare.
 */
export const openPostgres = async (options: {
  url: string;
  schema: string;
  max?: number;
  /**
   * False: commits on these connections do not wait for the server's disk. For writes whose loss
   * in a crash of the server costs no more than repeated work (a claim: at worst a try sent again,
   * with the same webhook-id), and which sit on the hot path.
   */
  synchronousCommit?: boolean;
}): Promise<PostgresDatabase> => {
  if (!SCHEMA.test(options.schema))
    throw new Error(`The schema name ${options.schema} is not a lower-case SQL identifier.`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    options:
      `-c search_path=${options.schema}` +
      (options.synchronousCommit === false ? ' -c synchronous_commit=off' : ''),
  });
  // An idle connection the server closes must not take the process down with it.
  pool.on('error', () => undefined);
  await createSchema(pool, options.schema);
  return {
    pool,
    schema: options.schema,
    migrate: (name, sql) =>
      transaction(pool, async (client) => {
        // Two processes starting at once: the second waits here, then finds the migration done.
        await client.query("SELECT pg_advisory_xact_lock(hashtext('sluice.migrations'))");
        const done = await client.query('SELECT 1 FROM migrations WHERE name = $1', [name]);
        if (done.rowCount === 0) {
          await client.query(sql);
          await client.query('INSERT INTO migrations (name) VALUES ($1)', [name]);
        }
      }),
    close: () => pool.end(),
  };
};
