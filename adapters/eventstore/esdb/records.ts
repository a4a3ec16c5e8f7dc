import type {
  EventStoreDBClient,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
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
 * Up to `count` records of `$all` from `start` in `direction`, keeping those `keeps` takes.
 * Whether the server counts the record at the start position itself is not stated by the client,
 * so one more is asked for and the record at the start dropped by `keeps`: the result is
 * exclusive either way.
 */
const chunkOf = async (
  client: EventStoreDBClient,
  read: {
    direction: typeof FORWARDS | typeof BACKWARDS;
    from: ReadPosition;
    keeps: (at: bigint) => boolean;
  },
  count: number,
): Promise<Chunk> => {
  const asked = count + 1;
  const records: LogRecord[] = [];
  let received = 0;
  for await (const resolved of client.readAll({
    direction: read.direction,
    fromPosition: read.from,
    maxCount: asked,
  })) {
    received++;
    const record = recordOf(resolved.event);
    if (record && read.keeps(record.at)) records.push(record);
  }
  return { records: records.slice(0, count), end: received < asked };
};

/** Up to `count` records of `$all` after `after`, read forwards. */
export const readChunk = (
  client: EventStoreDBClient,
  after: Position | undefined,
  count: number,
): Promise<Chunk> => {
  const from = after === undefined ? undefined : commitOf(after);
  return chunkOf(
    client,
    {
      direction: FORWARDS,
      from: after === undefined ? START : toEsdb(after),
      keeps: (at) => from === undefined || at > from,
    },
    count,
  );
};

/** Up to `count` records of `$all` before `before` (the end when absent), newest first. */
export const readChunkBackward = (
  client: EventStoreDBClient,
  before: Position | undefined,
  count: number,
): Promise<Chunk> => {
  const until = before === undefined ? undefined : commitOf(before);
  return chunkOf(
    client,
    {
      direction: BACKWARDS,
      from: before === undefined ? END : toEsdb(before),
      keeps: (at) => until === undefined || at < until,
    },
    count,
  );
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
