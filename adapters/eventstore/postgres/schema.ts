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

/**
 * A group of appends in one statement, so one round trip: it takes the append lock, reads where
 * the log ends (a statement of its own, so it sees every commit made before the lock was granted),
 * then for each append in order reads its stream's revision (an index lookup) and checks it
 * against what the append expects; the events of those that pass are written after the head in
 * one INSERT, so the lock is held for a few statements however large the group. It answers where the log
 * ended before the group (0: empty) and each append's actual revision (-1: no stream), from which
 * the caller tells the outcomes and positions exactly as they were decided here.
 */
const APPEND_FUNCTION = `
  CREATE FUNCTION append_events(
    lock_name text, streams text[], expected text[], counts int[], ids text[], types text[],
    datas json[], metadatas jsonb[], merchants text[], recorded text
  ) RETURNS TABLE (before bigint, actual int[]) LANGUAGE plpgsql AS $$
  DECLARE
    head bigint;
    next_position bigint;
    revision int;
    actuals int[] := '{}';
    known jsonb := '{}';
    first int := 0;
    passes boolean;
    positions bigint[] := '{}';
    indexes int[] := '{}';
    row_streams text[] := '{}';
    revisions int[] := '{}';
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext(lock_name));
    SELECT coalesce(max(position), 0) INTO head FROM events;
    next_position := head;
    FOR i IN 1 .. coalesce(array_length(streams, 1), 0) LOOP
      IF known ? streams[i] THEN
        revision := (known ->> streams[i])::int;
      ELSE
        SELECT coalesce(max(e.revision), -1) INTO revision FROM events e WHERE e.stream = streams[i];
      END IF;
      actuals := actuals || revision;
      passes := CASE expected[i]
        WHEN 'any' THEN true
        WHEN 'no_stream' THEN revision = -1
        WHEN 'stream_exists' THEN revision >= 0
        ELSE revision = expected[i]::int
      END;
      IF passes THEN
        FOR k IN 1 .. counts[i] LOOP
          positions := positions || (next_position + k);
          indexes := indexes || (first + k);
          row_streams := row_streams || streams[i];
          revisions := revisions || (revision + k);
        END LOOP;
        next_position := next_position + counts[i];
        known := known || jsonb_build_object(streams[i], revision + counts[i]);
      ELSE
        known := known || jsonb_build_object(streams[i], revision);
      END IF;
      first := first + counts[i];
    END LOOP;
    INSERT INTO events
      (position, id, stream, revision, type, data, metadata, merchant_id, recorded_at)
    SELECT t.p, ids[t.x], t.s, t.r, types[t.x], datas[t.x], metadatas[t.x], merchants[t.x], recorded
    FROM unnest(positions, indexes, row_streams, revisions) AS t(p, x, s, r);
    RETURN QUERY SELECT head, actuals;
  END $$;
`;

export const createEventTables = async (db: PostgresDatabase): Promise<void> => {
  await db.migrate('001_events', EVENTS);
  await db.migrate('002_append_events', APPEND_FUNCTION);
};

/** The channel appends are announced on, after their commit: one per schema. */
export const eventsChannel = (db: PostgresDatabase): string => `${db.schema}_events`;
