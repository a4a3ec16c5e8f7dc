/** A Retry-After is honoured up to an hour; beyond that the schedule decides. */
export const MAX_RETRY_AFTER_MS = 3600_000;

export type RetryInputs = {
  /** Delays between tries of a round, in milliseconds: schedule[k] follows the (k+1)-th failure. */
  scheduleMs: readonly number[];
  /** Failed tries so far in this round, this one included. */
  failuresInRound: number;
  /** A factor in [-0.1, 0.1]: spreads retries so that a receiver coming back is not stampeded. */
  jitter: number;
  /** From a 429 or 503 answer's Retry-After, when it had one. */
  retryAfterMs: number | null;
  now: number;
};

/** When the next try of a failed delivery is due, or null when the round has run out of tries. */
export const nextAttemptAt = (inputs: RetryInputs): number | null => {
  const delay = inputs.scheduleMs[inputs.failuresInRound - 1];
  if (delay === undefined) return null;
  const scheduled = delay * (1 + inputs.jitter);
  const asked =
    inputs.retryAfterMs === null ? 0 : Math.min(inputs.retryAfterMs, MAX_RETRY_AFTER_MS);
  return inputs.now + Math.round(Math.max(scheduled, asked));
};
