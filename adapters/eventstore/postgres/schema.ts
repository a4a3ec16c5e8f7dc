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

/**
 * A notice of a stretch of the log, as other processes read it (appendNotices.ts): who appended,
 * where the log ended before the stretch (null: empty), its last position, and its events when
 * given (absent: too large to tell, read from the log).
 */
const NOTICE_FUNCTION = `
  CREATE FUNCTION append_notice(sender text, before bigint, last bigint, events text)
  RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT '{"p":' || to_json(sender)::text
      || ',"b":' || CASE WHEN before = 0 THEN 'null' ELSE '"' || before || '"' END
      || ',"l":"' || last || '"'
      || CASE WHEN events IS NULL THEN '' ELSE ',"e":[' || events || ']' END
      || '}'
  $$;
`;

/**
 * append_events, and then the notices of what it wrote, sent with its commit (NOTIFY inside the
 * transaction): one round trip and one commit per group, where a NOTIFY of its own would cost
 * another of each. The appends already take turns under the append lock, so the notification
 * queue's lock, taken at each commit, holds nobody back. The events are cut into stretches whose
 * notice fits in a notification (8,000 bytes, with room for the envelope); an event too large to
 * fit alone is told by its position only.
 */
const APPEND_AND_ANNOUNCE_FUNCTION = `
  CREATE FUNCTION append_and_announce(
    lock_name text, streams text[], expected text[], counts int[], ids text[], types text[],
    datas json[], metadatas jsonb[], merchants text[], recorded text, channel text, sender text
  ) RETURNS TABLE (before bigint, actual int[]) LANGUAGE plpgsql AS $$
  DECLARE
    head bigint;
    actuals int[];
    chunk text := NULL;
    chunk_bytes int := 0;
    chunk_before bigint;
    chunk_last bigint;
    event_text text;
    event_position bigint;
    event_bytes int;
  BEGIN
    SELECT a.before, a.actual INTO head, actuals
      FROM append_events(lock_name, streams, expected, counts, ids, types, datas, metadatas,
        merchants, recorded) AS a;
    chunk_before := head;
    -- Under the append lock, what follows the head is what this group wrote.
    FOR event_text, event_position IN
      SELECT '{"type":' || to_json(e.type)::text || ',"data":' || e.data::text
          || ',"id":' || to_json(e.id)::text || ',"metadata":' || e.metadata::text
          || ',"stream":' || to_json(e.stream)::text || ',"revision":' || e.revision
          || ',"position":"' || e.position || '","recorded_at":' || to_json(e.recorded_at)::text
          || '}',
        e.position
      FROM events e WHERE e.position > head ORDER BY e.position
    LOOP
      event_bytes := octet_length(event_text) + 1;
      IF chunk IS NOT NULL AND (event_bytes > 7600 OR chunk_bytes + event_bytes > 7600) THEN
        PERFORM pg_notify(channel, append_notice(sender, chunk_before, chunk_last, chunk));
        chunk_before := chunk_last;
        chunk := NULL;
        chunk_bytes := 0;
      END IF;
      IF event_bytes > 7600 THEN
        PERFORM pg_notify(channel, append_notice(sender, chunk_before, event_position, NULL));
        chunk_before := event_position;
        CONTINUE;
      END IF;
      chunk := CASE WHEN chunk IS NULL THEN event_text ELSE chunk || ',' || event_text END;
      chunk_bytes := chunk_bytes + event_bytes;
      chunk_last := event_position;
    END LOOP;
    IF chunk IS NOT NULL THEN
      PERFORM pg_notify(channel, append_notice(sender, chunk_before, chunk_last, chunk));
    END IF;
    RETURN QUERY SELECT head, actuals;
  END $$;
`;

export const createEventTables = async (db: PostgresDatabase): Promise<void> => {
  await db.migrate('001_events', EVENTS);
  await db.migrate('002_append_events', APPEND_FUNCTION);
  await db.migrate('003_append_notice', NOTICE_FUNCTION);
  await db.migrate('004_append_and_announce', APPEND_AND_ANNOUNCE_FUNCTION);
};

/** The channel appends are announced on, with their commit: one per schema. */
export const eventsChannel = (db: PostgresDatabase): string => `${db.schema}_events`;
