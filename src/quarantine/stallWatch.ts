import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logging/logger.js';
import { BEATING, KEY_BYTES, SLOTS, stallSlots } from './stallSlots.js';

/**
 * Merchant-controlled work the service does on its own thread (an expression or a schema judged
 * cheap enough not to need an evaluator) is bounded by what we know of it. Should that judgement
 * ever be wrong, the work would stall the event loop and may end the process, and the same work,
 * taken up again from the log, would end the next start too. The stall watch remembers the work
 * under way when the service stalled to death, and from the next start that work is no longer
 * done here: it is sent to the evaluators, where a runaway costs an evaluator its life and its
 * work a recorded failure, never the service.
 */
export type StallWatch = { stop: () => Promise<void> };

const BEAT_MS = 50;
/**
 * The heartbeat rests once no hazardous work has been under way for this many beats: an idle
 * service's thread then wakes for none of it, nor does the watch's (they were most of what an
 * idle process did).
 */
const REST_AFTER_BEATS = 20;
/** A stall this long with hazardous work under way is written down: far past any such work. */
const STALL_MS = 250;
const DEMOTED = 'demoted.json';
/** Demoted keys kept at most: each is a distinct expression or schema the service died under. */
const MAX_DEMOTED = 10_000;

const slots = stallSlots();
const encoder = new TextEncoder();
let demoted: ReadonlySet<string> = new Set();

/** Whether work of this key ended a process before: it is then not to be done in-process. */
export const isDemoted = (key: string): boolean => demoted.has(key);

/**
 * Runs hazardous work with its key in a free slot, for the watch to see. Without a free slot
 * (more such work under way at once than slots) it runs unwatched: the slots only name suspects.
 */
export const watched = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
  const slot = claim(key);
  if (slot >= 0) {
    inUse++;
    if (watching && !heartbeat) beatAgain();
  }
  try {
    return await work();
  } finally {
    if (slot >= 0) {
      Atomics.store(slots.header, 1 + slot, 0);
      inUse--;
    }
  }
};

/** Slots in use, and the heartbeat while it beats (only while a watch runs). */
let inUse = 0;
let watching = false;
let heartbeat: NodeJS.Timeout | undefined;
let idleBeats = 0;

const beatAgain = () => {
  idleBeats = 0;
  Atomics.store(slots.header, BEATING, 1);
  Atomics.notify(slots.header, BEATING);
  heartbeat = setInterval(beat, BEAT_MS);
  heartbeat.unref();
};

const beat = () => {
  Atomics.add(slots.header, 0, 1);
  idleBeats = inUse > 0 ? 0 : idleBeats + 1;
  if (idleBeats >= REST_AFTER_BEATS) rest();
};

const rest = () => {
  clearInterval(heartbeat);
  heartbeat = undefined;
  Atomics.store(slots.header, BEATING, 0);
};

const claim = (key: string): number => {
  for (let slot = 0; slot < SLOTS; slot++) {
    if (Atomics.load(slots.header, 1 + slot) !== 0) continue;
    const { written } = encoder.encodeInto(
      key,
      slots.keys.subarray(slot * KEY_BYTES, (slot + 1) * KEY_BYTES),
    );
    Atomics.store(slots.header, 1 + slot, written);
    return slot;
  }
  return -1;
};

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
};

const alive = (pid: number): boolean => {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The journals left by processes that died in a stall, taken into the demoted keys (which are
 * kept, the journals removed). A journal of a process still alive is its own business.
 */
const takeUpJournals = (dir: string, logger: Logger): Set<string> => {
  const kept = readJson(join(dir, DEMOTED));
  const keys = new Set(Array.isArray(kept) ? kept.filter((k) => typeof k === 'string') : []);
  const journals = readdirSync(dir).filter((name) => /^stalled-\d+\.json$/.test(name));
  let added = false;
  for (const name of journals) {
    const pid = Number(name.slice('stalled-'.length, -'.json'.length));
    if (alive(pid)) continue;
    const journal = readJson(join(dir, name)) as
      { keys?: unknown; stalled_ms?: unknown } | undefined;
    for (const key of Array.isArray(journal?.keys) ? journal.keys : []) {
      if (typeof key !== 'string' || keys.has(key)) continue;
      keys.add(key);
      added = true;
      logger.error(
        { work: key, stalled_ms: journal?.stalled_ms },
        'the service ended while this work stalled it: from now on it is done in an evaluator',
      );
    }
    rmSync(join(dir, name), { force: true });
  }
  if (added) {
    const list = [...keys].slice(-MAX_DEMOTED);
    writeFileSync(join(dir, `${DEMOTED}.new`), JSON.stringify(list), { mode: 0o600 });
    renameSync(join(dir, `${DEMOTED}.new`), join(dir, DEMOTED));
  }
  return keys;
};

let running: { holders: number; stop: () => Promise<void> } | undefined;

/**
 * Starts the watch over this process, its journal in `dir` (made when missing), after taking up
 * what earlier processes left there. One process has one watch: a second service in the same
 * process (as tests run them) shares the first's, and the last one stopped ends it. Without a
 * folder to keep its journal in, the service runs unwatched, and says so.
 */
export const startStallWatch = (dir: string, logger: Logger): StallWatch => {
  if (running) running.holders++;
  else {
    try {
      running = { holders: 1, stop: watch(dir, logger) };
    } catch (err) {
      logger.warn({ err, dir }, 'no stall watch: its folder cannot be written');
      return { stop: () => Promise.resolve() };
    }
  }
  let stopped = false;
  return {
    stop: async () => {
      if (stopped || !running) return;
      stopped = true;
      if (--running.holders > 0) return;
      const { stop } = running;
      running = undefined;
      await stop();
    },
  };
};

const watch = (dir: string, logger: Logger): (() => Promise<void>) => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  demoted = takeUpJournals(dir, logger);
  watching = true;
  if (inUse > 0) beatAgain();
  const journal = join(dir, `stalled-${process.pid}.json`);
  const thread = new Worker(new URL('./stallWatchThread.js', import.meta.url), {
    workerData: { buffer: slots.buffer, journal, beatMs: BEAT_MS, stallMs: STALL_MS },
  });
  thread.unref();
  thread.on('error', (err) => logger.error({ err }, 'the stall watch ended'));
  return async () => {
    watching = false;
    rest();
    await thread.terminate();
    rmSync(journal, { force: true });
  };
};
