import { tokenBuckets } from './tokenBuckets.js';

export type AuthenticationFailureLimit = {
  /** Failures an address may keep up, once its burst is spent. */
  perMinute: number;
  /** Failures an address may make at once. */
  burst: number;
};

/**
 * The default lets a client with a mistyped key, or a test suite probing refusals, fail a hundred
 * times at once, and an address guessing keys no more than twenty times a minute after that.
 */
export const AUTHENTICATION_FAILURE_LIMIT: AuthenticationFailureLimit = {
  perMinute: 20,
  burst: 100,
};

export type AuthenticationFailures = {
  /** Seconds until the address may present a key again; undefined when it may now. */
  retryAfter: (address: string) => number | undefined;
  /** Counts a key the address presented that did not authenticate. */
  failed: (address: string) => void;
};

/** Keys presented that did not authenticate, per client address (see clientAddress). */
export const authenticationFailures = (
  limit: AuthenticationFailureLimit = AUTHENTICATION_FAILURE_LIMIT,
  now: () => number = () => performance.now(),
): AuthenticationFailures => {
  const perSecond = limit.perMinute / 60;
  const buckets = tokenBuckets({ perSecond, burst: limit.burst, now });
  return {
    retryAfter: (address) => {
      const tokens = buckets.tokens(address);
      if (tokens >= 1) return undefined;
      // Rounded to the millisecond first: float dust must not add a second.
      const waitMs = Math.round(((1 - tokens) / perSecond) * 1000);
      return Math.max(1, Math.ceil(waitMs / 1000));
    },
    failed: (address) => {
      buckets.take(address);
    },
  };
};
