import type { PostgresDatabase } from '../../adapters/postgres/database.js';

/**
 * The database as it is, each statement of its pool told to `seen` once answered: a test counts
 * or reads what the code under test asked of the server.
 */
export const watchedQueries = (
  db: PostgresDatabase,
  seen: (sql: string, answer: { rows?: unknown[] }) => void,
): PostgresDatabase => {
  const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => Promise<unknown>;
  return {
    ...db,
    pool: new Proxy(db.pool, {
      get: (pool, name, receiver) =>
        name === 'query'
          ? async (...args: unknown[]) => {
              const answer = (await query(...args)) as { rows?: unknown[] };
              seen(String(args[0]), answer);
              return answer;
            }
          : (Reflect.get(pool, name, receiver) as unknown),
    }),
  };
};
