import type { EventStoreDBClient, RecordedEvent as EsdbRecordedEvent } from '@eventstore/db-client';
import { BACKWARDS, END, FORWARDS, START } from '@eventstore/db-client';
import { position } from '../../../domain/shared/envelope.js';
import type { Position } from '../../../domain/shared/envelope.js';
import { commitOf, isSystem, toEsdb } from './positions.js';

/** One record of `$all`: where it is, and whether it is one of EventStoreDB's own. */
export type LogRecord = { at: bigint; event: EsdbRecordedEvent; system: boolean };

export type Chunk = {
  /** The records strictly past the start, in the order read. */
  records: LogRecord[];
  /** True when the read reached the end of the log. */
  end: boolean;
};

const recordOf = (event: EsdbRecordedEvent | undefined): LogRecord | undefined => {
  if (!event?.position) return undefined;
  return { at: event.position.commit, event, system: isSystem(event) };
};

/**
 * Up to `count` records of `$all` after `after`, read forwards. Whether the server counts the
 * record at the start position itself is not stated by the client, so one more is asked for and
 * any record at or before `after` dropped: the result is exclusive either way.
 */
export const readChunk = async (
  client: EventStoreDBClient,
  after: Position | undefined,
  count: number,
): Promise<Chunk> => {
  const from = after === undefined ? undefined : commitOf(after);
  const asked = count + 1;
  const read = client.readAll({
    direction: FORWARDS,
    fromPosition: after === undefined ? START : toEsdb(after),
    maxCount: asked,
  });
  const records: LogRecord[] = [];
  let received = 0;
  for await (const resolved of read) {
    received++;
    const record = recordOf(resolved.event);
    if (record && (from === undefined || record.at > from)) records.push(record);
  }
  return { records: records.slice(0, count), end: received < asked };
};

/**
 * Up to `count` records of `$all` before `before` (the end when absent), read backwards, newest
 * first. As forwards, one more is asked for and any record at or after `before` dropped.
 */
export const readChunkBackward = async (
  client: EventStoreDBClient,
  before: Position | undefined,
  count: number,
): Promise<Chunk> => {
  const until = before === undefined ? undefined : commitOf(before);
  const asked = count + 1;
  const read = client.readAll({
    direction: BACKWARDS,
    fromPosition: before === undefined ? END : toEsdb(before),
    maxCount: asked,
  });
  const records: LogRecord[] = [];
  let received = 0;
  for await (const resolved of read) {
    received++;
    const record = recordOf(resolved.event);
    if (record && (until === undefined || record.at < until)) records.push(record);
  }
  return { records: records.slice(0, count), end: received < asked };
};

/** The newest records of `$all`, newest first. */
export const readNewest = async (
  client: EventStoreDBClient,
  count: number,
): Promise<LogRecord[]> => {
  const records: LogRecord[] = [];
  for await (const resolved of client.readAll({
    direction: BACKWARDS,
    fromPosition: END,
    maxCount: count,
  })) {
    const record = recordOf(resolved.event);
    if (record) records.push(record);
  }
  return records;
};

export const positionOf = (record: LogRecord): Position => position(record.at);
