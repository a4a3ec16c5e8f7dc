type Bucket = { tokens: number; updatedAt: number };

export type TokenBuckets = {
  /**
   * Takes `count` tokens (one when not said) from the bucket of `id` if it holds them; what is
   * left, and whether it did.
   */
  take: (id: string, count?: number) => { tokens: number; allowed: boolean };
  /** The tokens in the bucket of `id` now, taking none. */
  tokens: (id: string) => number;
  /** How many buckets are kept. */
  tracked: () => number;
};

/** Past this many buckets the least recently used is dropped, whatever it holds. */
const MAX_TRACKED = 100_000;

/**
 * A token bucket per id: `perSecond` tokens a second, holding up to `burst`. A bucket quiet long
 * enough to be full again is forgotten (a fresh bucket is full), so the state kept follows the ids
 * in use, not every id ever seen.
 */
export const tokenBuckets = (options: {
  perSecond: number;
  burst: number;
  now: () => number;
}): TokenBuckets => {
  const { perSecond, burst, now } = options;
  const buckets = new Map<string, Bucket>();
  const fullAfterMs = (burst / perSecond) * 1000;
  /** The map is in least-recently-used order: the quiet ids are at its head. */
  const forgetQuiet = (at: number) => {
    for (const [id, bucket] of buckets) {
      if (at - bucket.updatedAt < fullAfterMs) return;
      buckets.delete(id);
    }
  };
  const refilled = (bucket: Bucket | undefined, at: number): number =>
    bucket ? Math.min(burst, bucket.tokens + ((at - bucket.updatedAt) / 1000) * perSecond) : burst;

  return {
    take: (id, count = 1) => {
      const at = now();
      forgetQuiet(at);
      const bucket = { tokens: refilled(buckets.get(id), at), updatedAt: at };
      const allowed = bucket.tokens >= count;
      if (allowed) bucket.tokens -= count;
      // Delete-then-set keeps the map in least-recently-used order, so the oldest are pruned first.
      buckets.delete(id);
      buckets.set(id, bucket);
      if (buckets.size > MAX_TRACKED) buckets.delete(buckets.keys().next().value!);
      return { tokens: bucket.tokens, allowed };
    },
    tokens: (id) => refilled(buckets.get(id), now()),
    tracked: () => buckets.size,
  };
};
