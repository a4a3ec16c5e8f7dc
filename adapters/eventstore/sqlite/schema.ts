import type { SqliteDatabase } from '../../sqlite/database.js';

/**
 * The log: one row per event, `position` the global order. `(stream, revision)` is unique, so two
 * writers racing for the same revision cannot both succeed, whatever process they run in.
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
  `);
};
