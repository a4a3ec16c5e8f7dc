import type { Claims } from '../port.js';

/** How many claims are held before expired ones are first swept out. */
const SWEEP_ABOVE = 10_000;

/**
 * Claims within one process: the embedded mode runs one dispatcher, so a claim only keeps a
 * delivery from being started twice by it. Expired claims are swept out as new ones come.
 */
export const memoryClaims = (now: () => number = Date.now): Claims => {
  const held = new Map<string, { owner: string; until: number }>();
  let sweepAbove = SWEEP_ABOVE;
  const sweep = (at: number) => {
    for (const [key, lease] of held) if (lease.until <= at) held.delete(key);
    // Claims still running stay; the next sweep waits until as many again have come, so that a
    // sweep costs each claim a constant share, however many are held (a lease outlives many
    // deliveries: a busy dispatcher holds tens of thousands).
    sweepAbove = Math.max(SWEEP_ABOVE, held.size * 2);
  };
  return {
    claim: (key, owner, leaseMs) => {
      const at = now();
      if (held.size > sweepAbove) sweep(at);
      const lease = held.get(key);
      if (lease && lease.owner !== owner && lease.until > at) return Promise.resolve(false);
      held.set(key, { owner, until: at + leaseMs });
      return Promise.resolve(true);
    },
    release: (key, owner) => {
      if (held.get(key)?.owner === owner) held.delete(key);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
};
