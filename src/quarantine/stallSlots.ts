/**
 * The memory the service's thread and its stall watch share: a heartbeat the service's thread
 * counts up while its event loop turns, and slots naming the hazardous work under way. The watch
 * reads them without the service's thread doing anything, which is the point: a thread stuck in
 * one long call can tell nothing.
 */
export const SLOTS = 64;
/** A work key's longest form, in bytes of UTF-8: a kind and a hash. */
export const KEY_BYTES = 96;

/**
 * Where the header says whether the service's thread is beating: 1 while hazardous work is under
 * way or was a moment ago, 0 while the heartbeat rests (nothing to watch, and the watch waits).
 */
export const BEATING = 1 + SLOTS;

export type StallSlots = {
  buffer: SharedArrayBuffer;
  /** [0]: the heartbeat; [1 + i]: the length of slot i's key, 0 when it is free; [BEATING]. */
  header: Int32Array;
  keys: Uint8Array;
};

export const stallSlots = (
  buffer = new SharedArrayBuffer(4 * (2 + SLOTS) + SLOTS * KEY_BYTES),
) => ({
  buffer,
  header: new Int32Array(buffer, 0, 2 + SLOTS),
  keys: new Uint8Array(buffer, 4 * (2 + SLOTS), SLOTS * KEY_BYTES),
});

/** The keys of the work under way now. */
export const keysInUse = (slots: StallSlots): string[] => {
  const decoder = new TextDecoder();
  const keys: string[] = [];
  for (let slot = 0; slot < SLOTS; slot++) {
    const length = Atomics.load(slots.header, 1 + slot);
    if (length > 0)
      keys.push(decoder.decode(slots.keys.slice(slot * KEY_BYTES, slot * KEY_BYTES + length)));
  }
  return keys;
};
