import type { EventStoreDBClient } from '@eventstore/db-client';
import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { matchesFilter } from '../../../domain/shared/eventFilter.js';
import type { ReadAllOptions, ReadAllPage } from '../port.js';
import { toRecorded } from './envelope.js';
import { positionOf, readChunk, readNewest } from './records.js';

/** How many records one read of `$all` asks for when a filter may skip most of them. */
const FILTERED_CHUNK = 1000;
/** How many records one `readAll` call scans at most: the port lets a page stop short. */
const MAX_SCAN = 20_000;

/**
 * A page of the log. The client reads `$all` without a server-side filter (its `readAll` takes
 * none), so the filter is applied here, chunk by chunk, and `scannedTo` is the last record looked
 * at, so that a caller continuing from it never scans the skipped records again. A page stops at
 * `limit` events, at the end of the log, or after MAX_SCAN records (not at its end, then).
 */
export const readAllPage = async (
  client: EventStoreDBClient,
  options: ReadAllOptions,
): Promise<ReadAllPage> => {
  const events: RecordedEvent[] = [];
  let scannedTo = options.after;
  let scanned = 0;
  const chunkSize = options.filter ? FILTERED_CHUNK : options.limit;
  while (scanned < MAX_SCAN) {
    const chunk = await readChunk(client, scannedTo, Math.max(1, chunkSize - events.length));
    for (const record of chunk.records) {
      scanned++;
      scannedTo = positionOf(record);
      if (record.system) continue;
      const event = toRecorded(record.event);
      if (!matchesFilter(options.filter, event)) continue;
      events.push(event);
      if (events.length === options.limit) return { events, scannedTo, atEnd: false };
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
