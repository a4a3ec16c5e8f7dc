import type { SqliteDatabase } from '../../sqlite/database.js';

/** The merchant an event belongs to, as an expression an index can cover. */
export const MERCHANT_OF_EVENT = "json_extract(metadata, '$.merchant_id')";

/**
 * The log: one row per event, `position` the global order. `(stream, revision)` is unique, so two
 * writers racing for the same revision cannot both succeed, whatever process they run in. An
 * auditor reads it by type or by merchant in position order, page after page: each has an index
 * that answers a page without scanning the events of other types or merchants.
 */
export const createEventTables = (db: SqliteDatabase): void => {
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position    INTEGER PRIMARY KEY AUTOINCREMENT,
      id          TEXT NOT NULL,
      stream      TEXT NOT NULL,
      revision    INTEGER NOT NULL,
      type        TEXT NOT NULL,
      data        TEXT NOT NULL,
      metadata    TEXT NOT NULL,
      recorded_at TEXT NOT NULL,
      UNIQUE (stream, revision)
    );
    CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
    CREATE INDEX IF NOT EXISTS events_by_merchant ON events (${MERCHANT_OF_EVENT}, position);
  `);
};
