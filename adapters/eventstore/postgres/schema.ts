import type { PostgresDatabase } from '../../postgres/database.js';

/**
 * The log: one row per event, `position` the global order, given under the append lock (see
 * groupCommit.ts), so that positions are in commit order. `(stream, revision)` is unique. Text
 * columns compare bytewise (collation "C"), so that prefix ranges and cursors order as on SQLite.
 * `data` is `json`, kept as written; `metadata` is `jsonb`; the merchant is a column for its index.
 */
const EVENTS = `
  CREATE TABLE events (
    position    bigint PRIMARY KEY,
    id          text NOT NULL,
    stream      text COLLATE "C" NOT NULL,
    revision    integer NOT NULL,
    type        text COLLATE "C" NOT NULL,
    data        json NOT NULL,
    metadata    jsonb NOT NULL,
    merchant_id text COLLATE "C",
    recorded_at text NOT NULL,
    UNIQUE (stream, revision)
  );
  CREATE INDEX events_by_type ON events (type, position);
  CREATE INDEX events_by_merchant ON events (merchant_id, position);
`;

export const createEventTables = (db: PostgresDatabase): Promise<void> =>
  db.migrate('001_events', EVENTS);

/** The channel appends are announced on, after their commit: one per schema. */
export const eventsChannel = (db: PostgresDatabase): string => `${db.schema}_events`;
