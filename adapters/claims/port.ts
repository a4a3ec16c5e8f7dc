/**
 * Leased claims on work that any of several workers could do, such as one try of one delivery:
 * the first to claim does it; a worker that dies holding a claim loses it when its lease ends, and
 * another takes the work over. A lease outlasts the work it covers, so a claim is never released
 * early: the work's own record (the attempt) says it is done.
 */
export type Claims = {
  /** True when `owner` now holds `key` until `leaseMs` from now: it was free, expired, or its own. */
  claim: (key: string, owner: string, leaseMs: number) => Promise<boolean>;
  close: () => Promise<void>;
};
