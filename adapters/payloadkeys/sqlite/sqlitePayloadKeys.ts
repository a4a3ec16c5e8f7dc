import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { promised } from '../../sqlite/promised.js';
import type { LiveKeysBefore, NewDataKey, PayloadKeyStore, StoredDataKey } from '../port.js';

export const KEYS_FILE = 'keys.db';

/**
 * The embedded mode's data keys, in a database file of their own beside the log's: it alone runs
 * with `secure_delete`, so that a destroyed key is overwritten in its page, and its write-ahead log
 * is checkpointed into the file and truncated to nothing after each destruction, so that no earlier
 * copy of the page is left there either. A new key costs a commit without a sync (as the log's
 * own, it survives the process dying), once per merchant and period. The file is tiny.
 */
export const sqlitePayloadKeys = (file: string): PayloadKeyStore => {
  if (file !== ':memory:' && !existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  if (file !== ':memory:') chmodSync(file, 0o600);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('secure_delete = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS data_keys (
      id                TEXT PRIMARY KEY,
      merchant_id       TEXT NOT NULL,
      period            TEXT NOT NULL,
      wrapped           TEXT,
      created_at        TEXT NOT NULL,
      destroyed_at      TEXT,
      destroyed_because TEXT
    );
    CREATE UNIQUE INDEX IF NOT EXISTS data_keys_live ON data_keys (merchant_id, period)
      WHERE wrapped IS NOT NULL;
    CREATE INDEX IF NOT EXISTS data_keys_period ON data_keys (period) WHERE wrapped IS NOT NULL;
    CREATE TABLE IF NOT EXISTS retired_encryption_keys (position INTEGER PRIMARY KEY, wrapped TEXT NOT NULL);
  `);
  const live = db.prepare<[string, string], StoredDataKey>(
    'SELECT * FROM data_keys WHERE merchant_id = ? AND period = ? AND wrapped IS NOT NULL',
  );
  const insert = db.prepare<[string, string, string, string, string]>(
    `INSERT INTO data_keys (id, merchant_id, period, wrapped, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  const byId = db.prepare<[string], StoredDataKey>('SELECT * FROM data_keys WHERE id = ?');
  const destroyOfMerchant = db.prepare<[string, string]>(
    `UPDATE data_keys SET wrapped = NULL, destroyed_at = ?, destroyed_because = 'erased'
     WHERE merchant_id = ? AND wrapped IS NOT NULL`,
  );
  const destroyOlder = db.prepare<[string, string]>(
    `UPDATE data_keys SET wrapped = NULL, destroyed_at = ?, destroyed_because = 'expired'
     WHERE period < ? AND wrapped IS NOT NULL`,
  );
  const countOlder = db.prepare<[string], LiveKeysBefore>(
    `SELECT count(*) AS keys, count(DISTINCT merchant_id) AS merchants, min(period) AS oldest_period
     FROM data_keys WHERE period < ? AND wrapped IS NOT NULL`,
  );
  const allLive = db.prepare<[], StoredDataKey & { wrapped: string }>(
    'SELECT * FROM data_keys WHERE wrapped IS NOT NULL',
  );
  const setWrapped = db.prepare<[string, string]>('UPDATE data_keys SET wrapped = ? WHERE id = ?');
  const retired = db.prepare<[], { wrapped: string }>(
    'SELECT wrapped FROM retired_encryption_keys ORDER BY position',
  );
  const addRetired = db.prepare<[number, string]>(
    'INSERT INTO retired_encryption_keys (position, wrapped) VALUES (?, ?)',
  );

  /** After keys were destroyed or wrapped again: their earlier copies leave the write-ahead log. */
  const shredded = (count: number) => {
    if (count > 0) db.pragma('wal_checkpoint(TRUNCATE)');
    return count;
  };
  const current = db.transaction((merchantId: string, period: string, candidate: NewDataKey) => {
    insert.run(candidate.id, merchantId, period, candidate.wrapped, candidate.created_at);
    return live.get(merchantId, period)!;
  });
  const rotate = db.transaction(
    (rewrap: (key: StoredDataKey & { wrapped: string }) => string, wrapped: readonly string[]) => {
      const keys = allLive.all();
      for (const key of keys) setWrapped.run(rewrap(key), key.id);
      db.prepare('DELETE FROM retired_encryption_keys').run();
      wrapped.forEach((text, position) => addRetired.run(position, text));
      return keys.length;
    },
  );

  return {
    current: promised((merchantId: string, period: string, candidate: NewDataKey) =>
      current.immediate(merchantId, period, candidate),
    ),
    find: promised((id: string) => byId.get(id)),
    destroyMerchant: promised((merchantId: string, at: string) =>
      shredded(destroyOfMerchant.run(at, merchantId).changes),
    ),
    destroyBefore: promised((period: string, at: string) =>
      shredded(destroyOlder.run(at, period).changes),
    ),
    liveBefore: promised((period: string) => countOlder.get(period)!),
    retiredKeys: promised(() => retired.all().map((row) => row.wrapped)),
    rotate: promised(
      (rewrap: (key: StoredDataKey & { wrapped: string }) => string, wrapped: readonly string[]) =>
        shredded(rotate.immediate(rewrap, wrapped)),
    ),
    close: promised(() => {
      db.close();
    }),
  };
};
