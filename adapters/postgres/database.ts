import pg from 'pg';
import { isPassingDatabaseFault } from './faults.js';
import type { Notifications } from './notifications.js';
import { notificationHub } from './notifications.js';
import type { PostgresTimeouts } from './timeouts.js';
import { CLIENT_GRACE_MS, DEFAULT_POSTGRES_TIMEOUTS } from './timeouts.js';

/** A migration's statements may take long (an index over a large table): the client waits a day. */
const MIGRATION_TIMEOUT_MS = 24 * 3600_000;

/** A schema name as PostgreSQL takes it unquoted: several deployments share one database this way. */
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export type PostgresDatabase = {
  pool: pg.Pool;
  /**
   * A connection of its own, outside the pool and with the pool's settings (LISTEN holds one for
   * as long as it listens): the caller connects it, handles its errors and ends it.
   */
  newClient: () => pg.Client;
  /** The process's LISTENs on this database, on one connection. */
  notifications: Notifications;
  /** The schema every table of this deployment lives in. */
  schema: string;
  /** Runs `migrate` once per name, in order, each in a transaction of its own. */
  migrate: (name: string, sql: string) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Runs a transaction on a connection of its own: `work` opens it and commits it (in statements of
 * its choosing, so that BEGIN and COMMIT can travel with others), and it is rolled back when
 * `work` throws.
 */
export const ownTransaction = async <T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  // The server may end the connection between two statements (a restart, a terminated backend):
  // the client then emits an error that no statement takes, which must not end the process. The
  // next statement fails, and the broken connection leaves the pool.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    return await work(client);
  } catch (error) {
    broken ??= error instanceof Error && isPassingDatabaseFault(error) ? error : undefined;
    if (!broken) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
};

/** Runs `work` in a transaction on a connection of its own: committed, or rolled back on error. */
export const transaction = <T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> =>
  ownTransaction(pool, async (client) => {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  });

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
  timeouts?: PostgresTimeouts;
}): Promise<PostgresDatabase> => {
  if (!SCHEMA.test(options.schema))
    throw new Error(`The schema name ${options.schema} is not a lower-case SQL identifier.`);
  const timeouts = options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
  const connection: pg.ClientConfig = {
    connectionString: options.url,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    lock_timeout: timeouts.lockMs,
    options:
      `-c search_path=${options.schema}` +
      (options.synchronousCommit === false ? ' -c synchronous_commit=off' : ''),
  };
  const pool = new pg.Pool({ ...connection, max: options.max ?? 10 });
  // An idle connection the server closes must not take the process down with it.
  pool.on('error', () => undefined);
  // Nor one the pool has just handed over: the pool takes its own listener off at hand-over, and
  // the server's goodbye (a terminated backend) may sit in the same packet as the previous
  // borrower's last answer, read before the new borrower's code runs. Every connection listens
  // for its whole life; a borrower's statements still fail on their own, and the pool still
  // drops the broken connection.
  pool.on('connect', (client) => client.on('error', () => undefined));
  await createSchema(pool, options.schema);
  const notifications = notificationHub(() => new pg.Client(connection));
  return {
    pool,
    newClient: () => new pg.Client(connection),
    notifications,
    schema: options.schema,
    // A migration may build an index over a large table, and waits for another process's: it
    // runs on a connection of its own, without the statement and lock timeouts.
    migrate: async (name, sql) => {
      const client = new pg.Client({
        ...connection,
        statement_timeout: 0,
        lock_timeout: 0,
        query_timeout: MIGRATION_TIMEOUT_MS,
      });
      client.on('error', () => undefined);
      await client.connect();
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
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
};
