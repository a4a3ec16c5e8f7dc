import type { EventStoreDBClient } from '@eventstore/db-client';
import { UnknownError } from '@eventstore/db-client';
import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { matchesFilter } from '../../../domain/shared/eventFilter.js';
import type { ReadAllOptions, ReadAllPage } from '../port.js';
import { toRecorded } from './envelope.js';
import { InvalidPositionError, commitOf } from './positions.js';
import type { Chunk } from './records.js';
import { positionOf, readChunk, readChunkBackward, readNewest } from './records.js';

/** How many records one read of `$all` asks for when a filter may skip most of them. */
const FILTERED_CHUNK = 1000;

/**
 * How much of the log one `readAll` call looks through before it answers with what it found: the
 * port lets a page stop short, with `scannedTo` saying where to go on from. The client reads
 * `$all` without a server-side filter (its `readAll` takes none; `maxSearchWindow` exists for
 * subscriptions only), so without a budget a filter that matches nothing would read the whole log
 * in one call.
 */
export type ScanBudget = {
  /** Records looked at, the server's own among them. */
  records: number;
  /**
   * Bytes of log passed over. Commit positions are byte offsets, so this bounds the read however
   * large its records are (a record can hold up to 16 MiB).
   */
  bytes: number;
};

export const SCAN_BUDGET: ScanBudget = { records: 20_000, bytes: 64 * 1024 * 1024 };

/**
 * The first read from a caller's position. The server refuses to read `$all` from a position that
 * is not the start of a record (one this log never issued), with gRPC's UNKNOWN status, which the
 * client turns into an UnknownError. That status also covers the server's own failures, so the
 * log is read once from its end to tell them apart: a log that reads there refused the position.
 */
const readFromCallersPosition = async (
  client: EventStoreDBClient,
  from: Position,
  read: (from: Position) => Promise<Chunk>,
) => {
  try {
    return await read(from);
  } catch (error) {
    if (!(error instanceof UnknownError)) throw error;
    const readable = await readNewest(client, 1).then(
      () => true,
      () => false,
    );
    if (readable) throw new InvalidPositionError(from);
    throw error;
  }
};

/**
 * A page of the log, forwards or backwards. The filter is applied here, chunk by chunk, and
 * `scannedTo` is the last record looked at, so that a caller continuing from it never scans the
 * skipped records again. A page stops at `limit` events, at the end of the log (its start,
 * backwards), or when the scan budget is spent (not at its end, then). A position the log never
 * issued is an InvalidPositionError.
 */
export const readAllPage = async (
  client: EventStoreDBClient,
  options: ReadAllOptions,
  budget: ScanBudget = SCAN_BUDGET,
): Promise<ReadAllPage> => {
  const backward = options.direction === 'backward';
  const events: RecordedEvent[] = [];
  let scannedTo = backward ? options.before : options.after;
  // Where the scan began, in bytes of log; from the end, at the first record it reads.
  let origin = scannedTo === undefined ? (backward ? undefined : 0n) : commitOf(scannedTo);
  const read = (from: Position | undefined, count: number) =>
    backward ? readChunkBackward(client, from, count) : readChunk(client, from, count);
  let scanned = 0;
  const chunkSize = options.filter ? FILTERED_CHUNK : options.limit;
  while (scanned < budget.records) {
    const count = Math.max(1, Math.min(chunkSize - events.length, budget.records - scanned));
    const chunk =
      scanned === 0 && scannedTo !== undefined
        ? await readFromCallersPosition(client, scannedTo, (from) => read(from, count))
        : await read(scannedTo, count);
    for (const record of chunk.records) {
      scanned++;
      scannedTo = positionOf(record);
      if (!record.system) {
        const event = toRecorded(record.event);
        if (matchesFilter(options.filter, event)) {
          events.push(event);
          if (events.length === options.limit) return { events, scannedTo, atEnd: false };
        }
      }
      origin ??= record.at;
      const passed = backward ? origin - record.at : record.at - origin;
      if (passed >= BigInt(budget.bytes)) return { events, scannedTo, atEnd: false };
    }
    if (chunk.end) return { events, scannedTo, atEnd: true };
  }
  return { events, scannedTo, atEnd: false };
};

/** How many records `countAfter` reads at most before it answers with that bound. */
export const COUNT_CAP = 10_000;

/**
 * EventStoreDB keeps no count of `$all`, and commit positions are byte offsets, so their
 * difference is no count either. The events after the position are read and counted, up to
 * `cap`: the answer is exact below it, and `cap` (meaning "at least") above it.
 */
export const countEventsAfter = async (
  client: EventStoreDBClient,
  after: Position | undefined,
  cap: number,
): Promise<number> => {
  let count = 0;
  let from = after;
  for (;;) {
    const chunk = await readChunk(client, from, Math.min(FILTERED_CHUNK, cap - count + 1));
    for (const record of chunk.records) {
      from = positionOf(record);
      if (!record.system) count++;
      if (count >= cap) return cap;
    }
    if (chunk.end) return count;
  }
};

/** How many of the newest records `headPosition` looks through for one of Sluice's events. */
const HEAD_WINDOW = 256;

/**
 * The newest of Sluice's events. Behind a long run of the server's own records it answers with the
 * newest record instead (still a place in the log every position compares with), and with nothing
 * when the log holds none of Sluice's events.
 */
export const newestPosition = async (client: EventStoreDBClient): Promise<Position | undefined> => {
  const newest = await readNewest(client, HEAD_WINDOW);
  const mine = newest.find((record) => !record.system);
  if (mine) return positionOf(mine);
  if (newest.length < HEAD_WINDOW) return undefined;
  return positionOf(newest[0]!);
};
