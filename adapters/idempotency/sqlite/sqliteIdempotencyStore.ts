import type { SqliteDatabase } from '../../sqlite/database.js';
import { writeTransaction } from '../../sqlite/database.js';
import { promised } from '../../sqlite/promised.js';
import type { IdempotencyStore, Reservation, StoredResponse } from '../port.js';

type Row = { fingerprint: string; response: string | null; created_at: number };

/** A reservation with no response after this long belongs to a request that died: retry may take it. */
const ABANDONED_AFTER_MS = 60_000;

export const sqliteIdempotencyStore = (db: SqliteDatabase): IdempotencyStore => {
  db.exec(`
    CREATE TABLE IF NOT EXISTS idempotency_keys (
      scope       TEXT NOT NULL,
      key         TEXT NOT NULL,
      fingerprint TEXT NOT NULL,
      response    TEXT,
      created_at  INTEGER NOT NULL,
      PRIMARY KEY (scope, key)
    );
    CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at);
  `);
  const select = db.prepare<[string, string], Row>(
    'SELECT fingerprint, response, created_at FROM idempotency_keys WHERE scope = ? AND key = ?',
  );
  const insert = db.prepare<[string, string, string, number]>(
    'INSERT INTO idempotency_keys (scope, key, fingerprint, created_at) VALUES (?, ?, ?, ?)',
  );

  const reserve = writeTransaction(
    db,
    (scope: string, key: string, fingerprint: string, now: Date): Reservation => {
      const row = select.get(scope, key);
      if (!row) {
        insert.run(scope, key, fingerprint, now.getTime());
        return { kind: 'reserved' };
      }
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.response === null) {
        if (now.getTime() - row.created_at < ABANDONED_AFTER_MS) return { kind: 'in_progress' };
        db.prepare('UPDATE idempotency_keys SET created_at = ? WHERE scope = ? AND key = ?').run(
          now.getTime(),
          scope,
          key,
        );
        return { kind: 'reserved' };
      }
      return { kind: 'replay', response: JSON.parse(row.response) as StoredResponse };
    },
  );

  return {
    reserve: promised(reserve),
    complete: promised((scope: string, key: string, response: StoredResponse) => {
      db.prepare('UPDATE idempotency_keys SET response = ? WHERE scope = ? AND key = ?').run(
        JSON.stringify(response),
        scope,
        key,
      );
    }),
    release: promised((scope: string, key: string) => {
      db.prepare(
        'DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND response IS NULL',
      ).run(scope, key);
    }),
    expire: promised(
      (cutoff: Date) =>
        db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(cutoff.getTime())
          .changes,
    ),
  };
};
