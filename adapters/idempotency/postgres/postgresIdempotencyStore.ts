import type { PostgresDatabase } from '../../postgres/database.js';
import type { IdempotencyStore, Reservation, StoredResponse } from '../port.js';

const KEYS = `
  CREATE TABLE idempotency_keys (
    scope       text COLLATE "C" NOT NULL,
    key         text COLLATE "C" NOT NULL,
    fingerprint text NOT NULL,
    response    jsonb,
    created_at  bigint NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
`;

/** A reservation with no response after this long belongs to a request that died: retry may take it. */
const ABANDONED_AFTER_MS = 60_000;

/** Keys deleted by one statement of an expiry. */
export const EXPIRE_BATCH = 5_000;

type Row = { fingerprint: string; response: StoredResponse | null; created_at: string };

/**
 * Idempotency keys shared by every API process. A reservation is one insert that only the first
 * request of a key wins; the others read what it left. Taking over a reservation abandoned by a
 * request that died is one update that only one retry wins.
 */
export const postgresIdempotencyStore = async (db: PostgresDatabase): Promise<IdempotencyStore> => {
  await db.migrate('001_idempotency_keys', KEYS);
  const reserve = async (
    scope: string,
    key: string,
    fingerprint: string,
    now: Date,
  ): Promise<Reservation> => {
    const inserted = await db.pool.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope, key) DO NOTHING`,
      [scope, key, fingerprint, now.getTime()],
    );
    if (inserted.rowCount === 1) return { kind: 'reserved' };
    const found = await db.pool.query<Row>(
      'SELECT fingerprint, response, created_at FROM idempotency_keys WHERE scope = $1 AND key = $2',
      [scope, key],
    );
    const row = found.rows[0];
    // Released or expired between the two statements: as good as new.
    if (!row) return reserve(scope, key, fingerprint, now);
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.response !== null) return { kind: 'replay', response: row.response };
    if (now.getTime() - Number(row.created_at) < ABANDONED_AFTER_MS) return { kind: 'in_progress' };
    const taken = await db.pool.query(
      `UPDATE idempotency_keys SET created_at = $3
       WHERE scope = $1 AND key = $2 AND response IS NULL AND created_at = $4`,
      [scope, key, now.getTime(), row.created_at],
    );
    return taken.rowCount === 1 ? { kind: 'reserved' } : { kind: 'in_progress' };
  };
  return {
    reserve,
    complete: async (scope, key, response) => {
      await db.pool.query(
        'UPDATE idempotency_keys SET response = $3 WHERE scope = $1 AND key = $2',
        [scope, key, JSON.stringify(response)],
      );
    },
    release: async (scope, key) => {
      await db.pool.query(
        'DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND response IS NULL',
        [scope, key],
      );
    },
    // A batch at a time, each its own short statement: a busy API's hour of keys, in one
    // statement, would hold its locks and write its WAL at once, and could outlast the statement
    // timeout every hour for good.
    expire: async (cutoff) => {
      let expired = 0;
      for (;;) {
        const result = await db.pool.query(
          `DELETE FROM idempotency_keys WHERE ctid IN (
             SELECT ctid FROM idempotency_keys WHERE created_at < $1 LIMIT ${EXPIRE_BATCH})`,
          [cutoff.getTime()],
        );
        const deleted = result.rowCount ?? 0;
        expired += deleted;
        if (deleted < EXPIRE_BATCH) return expired;
      }
    },
  };
};
