/** A small seeded generator (mulberry32): the same seed gives the same kill moments and load. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
};
export type Random = ReturnType<typeof seededRandom>;

const positiveInteger = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer, not ${raw}`);
  return Number(raw);
};

/**
 * How hard the crash run goes. `npm test` makes 20 kills; SLUICE_CRASH_KILLS makes a longer run,
 * and SLUICE_CRASH_SEED replays one (each run prints its seed).
 */
export const crashSettings = () => ({
  kills: positiveInteger('SLUICE_CRASH_KILLS', 20),
  seed: positiveInteger('SLUICE_CRASH_SEED', Math.floor(Math.random() * 2 ** 31)),
  /** Uptime before each kill, in ms, from when the server listens. */
  upMinMs: positiveInteger('SLUICE_CRASH_UP_MIN_MS', 200),
  upMaxMs: positiveInteger('SLUICE_CRASH_UP_MAX_MS', 2000),
});
