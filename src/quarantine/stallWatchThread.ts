/**
 * The stall watch's own thread (see stallWatch). Each beat it looks at the service's heartbeat:
 * when it has not moved for `stallMs` while hazardous work is under way, it writes that work's
 * keys to the journal, so that they outlive the process should the stall end in its death. When
 * the heartbeat moves again the stall is over and the journal is removed.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { BEATING, keysInUse, stallSlots } from './stallSlots.js';

type WatchData = { buffer: SharedArrayBuffer; journal: string; beatMs: number; stallMs: number };

const { buffer, journal, beatMs, stallMs } = workerData as WatchData;
const slots = stallSlots(buffer);
let lastBeat = Atomics.load(slots.header, 0);
let still = 0;
let written = false;

const look = () => {
  const beat = Atomics.load(slots.header, 0);
  if (beat !== lastBeat) {
    lastBeat = beat;
    still = 0;
    if (written) rmSync(journal, { force: true });
    written = false;
    return;
  }
  still += beatMs;
  if (written || still < stallMs) return;
  const keys = keysInUse(slots);
  if (keys.length === 0) return;
  // No fsync: what is feared is the death of the process, and the kernel keeps what it wrote.
  writeFileSync(journal, JSON.stringify({ keys, stalled_ms: still }), { mode: 0o600 });
  written = true;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * While the service's heartbeat rests (no hazardous work lately), this thread waits to be told it
 * beats again, and looks at nothing: a stall then has nothing to name.
 */
const watch = async () => {
  for (;;) {
    if (Atomics.load(slots.header, BEATING) === 0) {
      // Blocks this thread, which has nothing else to do, until it is told the heartbeat beats
      // again (ending the thread ends the wait).
      Atomics.wait(slots.header, BEATING, 0);
      lastBeat = Atomics.load(slots.header, 0);
      still = 0;
    }
    await sleep(beatMs);
    look();
  }
};
void watch();
