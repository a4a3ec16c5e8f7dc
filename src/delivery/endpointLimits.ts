/**
 * Who may send now: at most `global` attempts in flight, at most `perEndpoint` to one endpoint, and
 * no more than an endpoint's `rate_limit_per_s` a second. A busy or slow endpoint is set aside
 * while the others go on.
 */
export type EndpointLimits = {
  /** Takes a slot for the endpoint, or says why not and when to look again. */
  tryAcquire: (endpointId: string, ratePerSecond: number | null) => boolean;
  release: (endpointId: string) => void;
  globalFull: () => boolean;
  /** Endpoints that cannot take another attempt now. */
  saturated: () => string[];
  /** When an endpoint turned away for its rate has a token again (now, if it already has). */
  nextTokenAt: () => number | undefined;
  inFlight: () => number;
  /** Endpoints whose rate is being kept: those that sent lately and have not refilled. */
  tracked: () => number;
};

type Bucket = { tokens: number; updatedAt: number; rate: number };

export const endpointLimits = (
  global: number,
  perEndpoint: number,
  now: () => number = () => Date.now(),
): EndpointLimits => {
  const active = new Map<string, number>();
  const buckets = new Map<string, Bucket>();
  /** Endpoints turned away for their rate since they last sent: someone must look again for them. */
  const waiting = new Set<string>();
  let total = 0;

  const refill = (bucket: Bucket, at: number) => {
    bucket.tokens = Math.min(
      bucket.rate,
      bucket.tokens + ((at - bucket.updatedAt) / 1000) * bucket.rate,
    );
    bucket.updatedAt = at;
  };

  const hasToken = (endpointId: string, at: number): boolean => {
    const bucket = buckets.get(endpointId);
    if (!bucket) return true;
    refill(bucket, at);
    // A full bucket is what a fresh one would be: forget it, so that the buckets kept (and looked
    // at on every round) are those of endpoints sending now, not of every endpoint that ever sent.
    if (bucket.tokens >= bucket.rate) {
      buckets.delete(endpointId);
      waiting.delete(endpointId);
      return true;
    }
    if (bucket.tokens >= 1) return true;
    waiting.add(endpointId);
    return false;
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
        if (bucket.tokens < 1) {
          waiting.add(endpointId);
          return false;
        }
        bucket.tokens -= 1;
      } else {
        buckets.delete(endpointId);
      }
      waiting.delete(endpointId);
      active.set(endpointId, (active.get(endpointId) ?? 0) + 1);
      total++;
      return true;
    },
    release: (endpointId) => {
      const n = (active.get(endpointId) ?? 1) - 1;
      if (n <= 0) active.delete(endpointId);
      else active.set(endpointId, n);
      total--;
    },
    globalFull: () => total >= global,
    saturated: () => {
      const at = now();
      const busy = [...active].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
      const limited = [...buckets.keys()].filter((id) => !hasToken(id, at));
      return [...new Set([...busy, ...limited])];
    },
    nextTokenAt: () => {
      const at = now();
      let earliest: number | undefined;
      for (const id of waiting) {
        const bucket = buckets.get(id);
        if (!bucket) continue;
        refill(bucket, at);
        // A token that came back since the endpoint was turned away is worth one look now; the
        // endpoint is forgotten until it is turned away again, so an idle one is not looked at forever.
        if (bucket.tokens >= 1) waiting.delete(id);
        const ready = at + Math.max(0, ((1 - bucket.tokens) / bucket.rate) * 1000);
        earliest = earliest === undefined ? ready : Math.min(earliest, ready);
      }
      return earliest;
    },
    inFlight: () => total,
    tracked: () => buckets.size,
  };
};
