import type { EventStoreDBClient } from '@eventstore/db-client';
import type { Position } from '../../../domain/shared/envelope.js';
import type { EventFilter } from '../../../domain/shared/eventFilter.js';
import { matchesFilter } from '../../../domain/shared/eventFilter.js';
import { toRecorded } from './envelope.js';
import { positionOf, readChunk } from './records.js';

/** Records read per step: the position asked for is usually among the next few. */
const CHUNK = 64;
const MAX_SCAN = 20_000;

/**
 * The last record after `after` that the filter does not want, before the first one it wants
 * and not past `target`'s neighbourhood: a subscription standing at `after` has handed over every
 * event it wants up to there. Undefined when the first record after `after` is one it wants (the
 * subscription will bring it) or when there is none.
 */
export const skippedBefore = async (
  client: EventStoreDBClient,
  after: Position | undefined,
  target: Position,
  filter: EventFilter | undefined,
): Promise<bigint | undefined> => {
  const end = BigInt(target);
  let skipped: bigint | undefined;
  let from = after;
  let scanned = 0;
  while (scanned < MAX_SCAN) {
    const chunk = await readChunk(client, from, CHUNK);
    for (const record of chunk.records) {
      scanned++;
      if (!record.system && matchesFilter(filter, toRecorded(record.event))) return skipped;
      skipped = record.at;
      if (record.at >= end) return skipped;
      from = positionOf(record);
    }
    if (chunk.end) return skipped;
  }
  return skipped;
};
