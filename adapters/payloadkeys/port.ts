/**
 * Why a data key is gone: its merchant's data was erased, or the payloads it sealed outlived the
 * retention period.
 */
export type DestroyedBecause = 'erased' | 'expired';

/**
 * A merchant's data key for one period, as kept: wrapped (sealed under the service's encryption
 * key) while it lives, and a tombstone without any key material once destroyed, so that a payload
 * it sealed can still say why it can no longer be read.
 */
export type StoredDataKey = {
  id: string;
  merchant_id: string;
  /** Start of the period whose payloads it seals (ISO 8601, UTC). */
  period: string;
  wrapped: string | null;
  created_at: string;
  destroyed_at: string | null;
  destroyed_because: DestroyedBecause | null;
};

/** The live keys of the periods before one: what a retention sweep would destroy. */
export type LiveKeysBefore = {
  keys: number;
  merchants: number;
  /** The earliest period among them; null when there is none. */
  oldest_period: string | null;
};

export type NewDataKey = { id: string; wrapped: string; created_at: string };

/**
 * Where the data keys live: outside the log, which is never rewritten, so that destroying a key
 * is possible at all (crypto-shredding). Destroying overwrites the key material, not only the row's
 * liveness.
 */
export type PayloadKeyStore = {
  /**
   * The merchant's live key for the period: the one already kept, or else `candidate`, stored now.
   * Of two processes asking at once, both get the same key.
   */
  current: (merchantId: string, period: string, candidate: NewDataKey) => Promise<StoredDataKey>;
  find: (id: string) => Promise<StoredDataKey | undefined>;
  /** Destroys every live key of the merchant; returns how many. */
  destroyMerchant: (merchantId: string, at: string) => Promise<number>;
  /** Destroys every live key of a period that started before `period`; returns how many. */
  destroyBefore: (period: string, at: string) => Promise<number>;
  /** What `destroyBefore(period)` would destroy now, counted, destroying nothing. */
  liveBefore: (period: string) => Promise<LiveKeysBefore>;
  /**
   * Earlier encryption keys, wrapped under the current one: what was sealed under them directly
   * (endpoint secrets in the log) stays readable after a rotation.
   */
  retiredKeys: () => Promise<string[]>;
  /**
   * A rotation of the service's encryption key, all or nothing: every live key wrapped again as
   * `rewrap` says, and the retired keys replaced by `retired`. No payload and no event changes.
   * Returns how many data keys were wrapped again.
   */
  rotate: (
    rewrap: (key: StoredDataKey & { wrapped: string }) => string,
    retired: readonly string[],
  ) => Promise<number>;
  close: () => Promise<void>;
};
