import type { EventData } from '@eventstore/db-client';

/** EventStoreDB's default `MaxAppendSize`: the most one append may carry. */
export const MAX_APPEND_SIZE = 1024 * 1024;

/**
 * An append larger than the log takes. It carries the fields of the JSON body parser's own
 * too-large error (`type`, `status`, `limit`, `length`), which the HTTP edge answers with a 413:
 * an event over the log's limit is the same refusal, met one layer further down.
 */
export class AppendTooLargeError extends Error {
  readonly type = 'entity.too.large';
  readonly status = 413;
  readonly statusCode = 413;
  readonly expose = true;
  constructor(
    readonly stream: string,
    readonly length: number,
    readonly limit: number,
  ) {
    super(
      `The append to ${stream} is ${length} bytes; EventStoreDB takes at most ${limit} in one append.`,
    );
    this.name = 'AppendTooLargeError';
  }
}

const bytesOf = (value: unknown): number => {
  if (value instanceof Uint8Array) return value.byteLength;
  if (value === undefined) return 0;
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
};

/**
 * What the server counts of an append against `MaxAppendSize`: for each event its data and its
 * metadata as sent (the client writes JSON ones with JSON.stringify, as UTF-8), and its type at
 * two bytes a character (`Event.SizeOnDisk`). Ids, content types and framing are not counted.
 */
export const appendSize = (events: readonly EventData[]): number =>
  events.reduce(
    (total, event) => total + bytesOf(event.data) + bytesOf(event.metadata) + 2 * event.type.length,
    0,
  );
