import type { PostgresDatabase } from '../../postgres/database.js';
import { transaction } from '../../postgres/database.js';
import type { LiveKeysBefore, PayloadKeyStore, StoredDataKey } from '../port.js';

const TABLES = `
  CREATE TABLE data_keys (
    id                text COLLATE "C" PRIMARY KEY,
    merchant_id       text COLLATE "C" NOT NULL,
    period            text COLLATE "C" NOT NULL,
    wrapped           text,
    created_at        text NOT NULL,
    destroyed_at      text,
    destroyed_because text
  );
  CREATE UNIQUE INDEX data_keys_live ON data_keys (merchant_id, period) WHERE wrapped IS NOT NULL;
  CREATE INDEX data_keys_period ON data_keys (period) WHERE wrapped IS NOT NULL;
  CREATE TABLE retired_encryption_keys (position integer PRIMARY KEY, wrapped text NOT NULL);
`;

/**
 * Data keys shared by every process of the deployment. A destroyed key's row keeps no key
 * material; the table is vacuumed after each destruction, so that the old row versions are not
 * left in its pages either.
 */
export const postgresPayloadKeys = async (db: PostgresDatabase): Promise<PayloadKeyStore> => {
  await db.migrate('001_data_keys', TABLES);
  const vacuum = () => db.pool.query('VACUUM data_keys').catch(() => undefined);
  const destroyed = async (count: number) => {
    if (count > 0) await vacuum();
    return count;
  };
  return {
    current: async (merchantId, period, candidate) => {
      await db.pool.query(
        `INSERT INTO data_keys (id, merchant_id, period, wrapped, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [candidate.id, merchantId, period, candidate.wrapped, candidate.created_at],
      );
      const found = await db.pool.query<StoredDataKey>(
        'SELECT * FROM data_keys WHERE merchant_id = $1 AND period = $2 AND wrapped IS NOT NULL',
        [merchantId, period],
      );
      // Destroyed between the two statements (an erasure): the next call makes a new one.
      if (!found.rows[0]) throw new Error(`The data key of ${merchantId} was destroyed just now.`);
      return found.rows[0];
    },
    find: async (id) =>
      (await db.pool.query<StoredDataKey>('SELECT * FROM data_keys WHERE id = $1', [id])).rows[0],
    destroyMerchant: async (merchantId, at) =>
      destroyed(
        (
          await db.pool.query(
            `UPDATE data_keys SET wrapped = NULL, destroyed_at = $1, destroyed_because = 'erased'
             WHERE merchant_id = $2 AND wrapped IS NOT NULL`,
            [at, merchantId],
          )
        ).rowCount ?? 0,
      ),
    destroyBefore: async (period, at) =>
      destroyed(
        (
          await db.pool.query(
            `UPDATE data_keys SET wrapped = NULL, destroyed_at = $1, destroyed_because = 'expired'
             WHERE period < $2 AND wrapped IS NOT NULL`,
            [at, period],
          )
        ).rowCount ?? 0,
      ),
    liveBefore: async (period) => {
      const { rows } = await db.pool.query<LiveKeysBefore>(
        `SELECT count(*)::int AS keys, count(DISTINCT merchant_id)::int AS merchants,
                min(period) AS oldest_period
         FROM data_keys WHERE period < $1 AND wrapped IS NOT NULL`,
        [period],
      );
      return rows[0]!;
    },
    retiredKeys: async () =>
      (
        await db.pool.query<{ wrapped: string }>(
          'SELECT wrapped FROM retired_encryption_keys ORDER BY position',
        )
      ).rows.map((row) => row.wrapped),
    rotate: async (rewrap, wrapped) => {
      const count = await transaction(db.pool, async (client) => {
        // Keys made while the rotation runs would be wrapped under the old key: none may be.
        await client.query('LOCK TABLE data_keys IN EXCLUSIVE MODE');
        const keys = await client.query<StoredDataKey & { wrapped: string }>(
          'SELECT * FROM data_keys WHERE wrapped IS NOT NULL',
        );
        for (const key of keys.rows)
          await client.query('UPDATE data_keys SET wrapped = $1 WHERE id = $2', [
            rewrap(key),
            key.id,
          ]);
        await client.query('DELETE FROM retired_encryption_keys');
        for (const [position, text] of wrapped.entries())
          await client.query(
            'INSERT INTO retired_encryption_keys (position, wrapped) VALUES ($1, $2)',
            [position, text],
          );
        return keys.rows.length;
      });
      await vacuum();
      return count;
    },
    close: () => Promise.resolve(),
  };
};
