/**
 * Who may send now: at most `global` attempts in flight, at most `perEndpoint` to one endpoint, and
 * no more than an endpoint's `rate_limit_per_s` a second. A busy or slow endpoint is set aside
 * while the others go on.
 */
export type EndpointLimits = {
  /** Takes a slot for the endpoint, or says no (`refusal` then says why). */
  tryAcquire: (endpointId: string, ratePerSecond: number | null) => boolean;
  /**
   * Why the endpoint cannot take another attempt now: every slot is taken (`global`), its own
   * slots are (`slots`: one frees when an attempt of it is answered), or its rate is spent (when
   * to look again: once a few tokens have come back). Null: it could.
   */
  refusal: (endpointId: string) => 'global' | 'slots' | number | null;
  release: (endpointId: string) => void;
  globalFull: () => boolean;
  inFlight: () => number;
  /**
   * Forgets the buckets that have refilled: a full bucket is what a fresh one would be, so the
   * buckets kept are those of endpoints sending now, not of every endpoint that ever sent.
   */
  forgetRefilled: () => void;
  /** Endpoints whose rate is being kept: those that sent lately and have not been forgotten. */
  tracked: () => number;
};

type Bucket = { tokens: number; updatedAt: number; rate: number };

/** An endpoint turned away for its rate is looked at again once it has this many tokens (or its rate, if less). */
const TOKENS_PER_LOOK = 8;

export const endpointLimits = (
  global: number,
  perEndpoint: number,
  now: () => number = () => Date.now(),
): EndpointLimits => {
  const active = new Map<string, number>();
  const buckets = new Map<string, Bucket>();
  let total = 0;

  const refill = (bucket: Bucket, at: number) => {
    bucket.tokens = Math.min(
      bucket.rate,
      bucket.tokens + ((at - bucket.updatedAt) / 1000) * bucket.rate,
    );
    bucket.updatedAt = at;
  };

  return {
    tryAcquire: (endpointId, rate) => {
      if (total >= global || (active.get(endpointId) ?? 0) >= perEndpoint) return false;
      const at = now();
      if (rate !== null) {
        let bucket = buckets.get(endpointId);
        if (!bucket || bucket.rate !== rate) {
          bucket = { tokens: rate, updatedAt: at, rate };
          buckets.set(endpointId, bucket);
        }
        refill(bucket, at);
        if (bucket.tokens < 1) return false;
        bucket.tokens -= 1;
      } else {
        buckets.delete(endpointId);
      }
      active.set(endpointId, (active.get(endpointId) ?? 0) + 1);
      total++;
      return true;
    },
    refusal: (endpointId) => {
      if (total >= global) return 'global';
      if ((active.get(endpointId) ?? 0) >= perEndpoint) return 'slots';
      const bucket = buckets.get(endpointId);
      if (!bucket) return null;
      const at = now();
      refill(bucket, at);
      if (bucket.tokens >= 1) return null;
      // Back when a few tokens have come, not at each one: the endpoint's backlog then goes out a
      // few requests at a time, their outcomes recorded together, for a fraction of the wakes and
      // commits of one at a time; the rate over any second is the same.
      const wanted = Math.max(1, Math.min(bucket.rate, TOKENS_PER_LOOK));
      return at + Math.ceil(((wanted - bucket.tokens) / bucket.rate) * 1000);
    },
    release: (endpointId) => {
      const n = (active.get(endpointId) ?? 1) - 1;
      if (n <= 0) active.delete(endpointId);
      else active.set(endpointId, n);
      total--;
    },
    globalFull: () => total >= global,
    inFlight: () => total,
    forgetRefilled: () => {
      const at = now();
      for (const [endpointId, bucket] of buckets) {
        refill(bucket, at);
        if (bucket.tokens >= bucket.rate) buckets.delete(endpointId);
      }
    },
    tracked: () => buckets.size,
  };
};
