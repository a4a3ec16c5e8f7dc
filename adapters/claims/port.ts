/**
 * Leased claims on work that any of several workers could do, such as one try of one delivery or
 * one run of one process instance: the first to claim does it; a worker that dies holding a claim
 * loses it when its lease ends, and another takes the work over. A try's claim is never released:
 * it outlasts the try, whose own record (the attempt) says it is done. A run's is released once
 * the run is recorded, for the next run to start at once wherever its news arrives.
 */
export type Claims = {
  /**
   * True when `owner` now holds `key` until `leaseMs` from now: it was free, expired, or its own
   * (so its holder renews it by claiming again).
   */
  claim: (key: string, owner: string, leaseMs: number) => Promise<boolean>;
  /** Gives `key` up, if `owner` holds it. */
  release: (key: string, owner: string) => Promise<void>;
  close: () => Promise<void>;
};
