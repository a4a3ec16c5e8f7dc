import type { Message } from 'kafkajs';

/**
 * What a broker accepts in one record batch by default is 1 MiB (message.max.bytes); a send
 * carries a partition's messages as one batch, so a send stays under this with room for the
 * batch's own framing.
 */
export const DEFAULT_MAX_BATCH_BYTES = 900 * 1024;

/** A record's framing in the v2 batch format: its length, attributes, deltas, varints. */
const RECORD_OVERHEAD_BYTES = 24;

const bytes = (value: Buffer | string | null | undefined): number =>
  value === null || value === undefined
    ? 0
    : typeof value === 'string'
      ? Buffer.byteLength(value, 'utf8')
      : value.length;

/** About what a message takes in a record batch, uncompressed: key, value, headers, framing. */
export const messageSize = (message: Message): number => {
  let size = RECORD_OVERHEAD_BYTES + bytes(message.key) + bytes(message.value);
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) size += bytes(name) + bytes(one) + 2;
  }
  return size;
};

/**
 * Cuts a run of items into consecutive batches of at most `budget` bytes each, keeping their
 * order, so that sending the batches one after the other keeps each key's order. An item larger
 * than the budget on its own gets a batch of its own: the broker alone knows whether it fits.
 */
export const splitBySize = <T>(
  items: readonly T[],
  sizeOf: (item: T) => number,
  budget: number,
): T[][] => {
  const batches: T[][] = [];
  let current: T[] = [];
  let currentBytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (current.length > 0 && currentBytes + size > budget) {
      batches.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(item);
    currentBytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
};
