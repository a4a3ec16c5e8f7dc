import type { EventMetadata, Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { EventFilter, ReadAllOptions, ReadAllPage } from '../port.js';
import { likePrefix, pastPrefix } from '../prefixRange.js';

export const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, recorded_at';

export type EventRow = {
  position: string;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: string;
};

export const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.id,
  type: row.type,
  stream: row.stream,
  revision: row.revision,
  position: position(row.position),
  recorded_at: row.recorded_at,
  data: row.data,
  metadata: row.metadata,
});

/** The filter as SQL conditions, numbered from `$first`; each prefix a range of its column. */
export const filterSql = (
  filter: EventFilter | undefined,
  first: number,
): { clause: string; params: string[] } => {
  const parts: string[] = [];
  const params: string[] = [];
  const next = (value: string) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  const anyOf = (column: string, prefixes: readonly string[] | undefined) => {
    if (!prefixes || prefixes.length === 0) return;
    const each = prefixes.map((prefix) => {
      const past = pastPrefix(prefix);
      if (past === undefined) return `${column} LIKE ${next(likePrefix(prefix))}`;
      return `(${column} >= ${next(prefix)} AND ${column} < ${next(past)})`;
    });
    parts.push(`(${each.join(' OR ')})`);
  };
  const equal = (column: string, value: string | undefined) => {
    if (value !== undefined) parts.push(`${column} = ${next(value)}`);
  };
  anyOf('type', filter?.typePrefixes);
  anyOf('stream', filter?.streamPrefixes);
  equal('type', filter?.type);
  equal('stream', filter?.stream);
  equal('merchant_id', filter?.merchantId);
  // No index: an auditor's question, read in position order within the page's scan budget.
  equal("metadata->>'correlation_id'", filter?.correlationId);
  return { clause: parts.map((part) => ` AND ${part}`).join(''), params };
};

/**
 * Events after `after` that pass any of `filters` (every event when undefined), a page at a time,
 * bounded by the head as `readAllPage` is: a read of the tail for several subscriptions at once.
 * `knownHead`, a position known committed (told by its appender), bounds it without a read of
 * the head: positions are given in commit order, so everything at or before it is committed.
 */
export const readTailPage = async (
  db: PostgresDatabase,
  after: Position | undefined,
  filters: readonly EventFilter[] | undefined,
  limit: number,
  knownHead?: Position,
): Promise<ReadAllPage> => {
  const head = knownHead ?? (await headOf(db));
  const from = after ?? '0';
  if (head === null || BigInt(head) <= BigInt(from))
    return { events: [], scannedTo: after, atEnd: true };
  const params: string[] = [];
  const each = (filters ?? []).map((filter) => {
    const sql = filterSql(filter, 4 + params.length);
    params.push(...sql.params);
    return sql.clause === '' ? undefined : `(${sql.clause.slice(' AND '.length)})`;
  });
  // A filter with no condition passes every event: so does the union.
  const union =
    filters === undefined || each.includes(undefined) ? '' : ` AND (${each.join(' OR ')})`;
  const result = await db.pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE position > $1 AND position <= $2${union}
     ORDER BY position LIMIT $3`,
    [from, head, limit, ...(union === '' ? [] : params)],
  );
  const events = result.rows.map(toRecorded);
  if (events.length === limit)
    return { events, scannedTo: events[events.length - 1]!.position, atEnd: false };
  return { events, scannedTo: position(head), atEnd: true };
};

export const headOf = async (db: PostgresDatabase): Promise<string | null> => {
  const result = await db.pool.query<{ head: string | null }>(
    'SELECT max(position) AS head FROM events',
  );
  return result.rows[0]?.head ?? null;
};

/**
 * Reads the log a page at a time in position order. The head is read first and bounds the page:
 * positions are given in commit order (see groupCommit.ts), so nothing can later appear at or
 * below a head once read, and `scannedTo` never passes an event the page did not see.
 */
export const readAllPage = async (
  db: PostgresDatabase,
  options: ReadAllOptions,
): Promise<ReadAllPage> => {
  if (options.direction === 'backward') return readBackward(db, options);
  const head = await headOf(db);
  const after = options.after ?? '0';
  if (head === null || BigInt(head) <= BigInt(after))
    return { events: [], scannedTo: options.after, atEnd: true };
  const filter = filterSql(options.filter, 4);
  const result = await db.pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE position > $1 AND position <= $2${filter.clause}
     ORDER BY position LIMIT $3`,
    [after, head, options.limit, ...filter.params],
  );
  const events = result.rows.map(toRecorded);
  if (events.length === options.limit)
    return { events, scannedTo: events[events.length - 1]!.position, atEnd: false };
  return { events, scannedTo: position(head), atEnd: true };
};

/** Newest first, from just before `before` (or the end): what is appended meanwhile is later. */
const readBackward = async (
  db: PostgresDatabase,
  options: ReadAllOptions,
): Promise<ReadAllPage> => {
  const filter = filterSql(options.filter, 3);
  const result = await db.pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events
     WHERE ($1::bigint IS NULL OR position < $1::bigint)${filter.clause}
     ORDER BY position DESC LIMIT $2`,
    [options.before ?? null, options.limit, ...filter.params],
  );
  const events = result.rows.map(toRecorded);
  const scannedTo = events[events.length - 1]?.position ?? options.before;
  return { events, scannedTo, atEnd: events.length < options.limit };
};

/** A stream's events in revision order, from `fromRevision` on. */
export const readStreamEvents = async (
  db: PostgresDatabase,
  stream: string,
  options: { fromRevision?: number; limit?: number } = {},
): Promise<RecordedEvent[]> => {
  const result = await db.pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = $1 AND revision >= $2
     ORDER BY revision${options.limit === undefined ? '' : ' LIMIT $3'}`,
    [stream, options.fromRevision ?? 0, ...(options.limit === undefined ? [] : [options.limit])],
  );
  return result.rows.map(toRecorded);
};
