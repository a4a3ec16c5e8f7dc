import { randomBytes } from 'node:crypto';
import type {
  DestroyedBecause,
  LiveKeysBefore,
  PayloadKeyStore,
  StoredDataKey,
} from '../../adapters/payloadkeys/port.js';
import { recentMap } from '../../adapters/memory/recentMap.js';
import type { SecretBox } from '../secrets/secretBox.js';

/** A data key as the cipher uses it. */
export type DataKey = { id: string; key: Buffer };

/** What opening a payload needs: its key, or why there is none any more. */
export type KeyLookup =
  | { status: 'live'; key: Buffer }
  /** Since when: what a reader is told of a payload it can no longer read (null: not recorded). */
  | { status: DestroyedBecause; destroyed_at: string | null };

export type DataKeys = {
  /** The key the merchant's payloads recorded at `at` are sealed under: made on first use. */
  sealingKey: (merchantId: string, at: Date) => Promise<DataKey>;
  /** The same, when it is at hand (read lately): sealing then waits for nothing. */
  sealingKeyAtHand: (merchantId: string, at: Date) => DataKey | undefined;
  lookup: (keyId: string) => Promise<KeyLookup>;
  /** Destroys every key of the merchant (an erasure); returns how many. */
  erase: (merchantId: string, at: Date) => Promise<number>;
  /** Destroys the keys of the periods that ended `retentionMs` or longer ago; returns how many. */
  expire: (now: Date, retentionMs: number) => Promise<number>;
  /** What `expire` would destroy now, counted: keys, merchants, and the payloads they seal. */
  pastRetention: (now: Date, retentionMs: number) => Promise<PastRetention>;
};

/** The live keys past the retention: they seal the payloads recorded before `payloads_before`. */
export type PastRetention = LiveKeysBefore & { payloads_before: string };

/**
 * How long a key read from the store is trusted before it is read again: an erasure or an expiry
 * made by another process is seen by this one within it. Within the process, both are seen at once.
 */
const TRUSTED_MS = 1_000;
const KEYS_KEPT = 100_000;
const DAY_MS = 86_400_000;

/**
 * The period a key seals: a day, or shorter under a short retention (a 24th of it, at least a
 * second), so that payloads are destroyed between the retention and at most a period after it.
 */
export const keyPeriodMs = (retentionMs: number | undefined): number =>
  retentionMs === undefined
    ? DAY_MS
    : Math.min(DAY_MS, Math.max(1_000, Math.floor(retentionMs / 24)));

let lastPeriod = { start: Number.NaN, text: '' };

/** The start of the period `at` falls in (the one worked out last is kept: nearly every call's). */
export const periodOf = (at: Date, periodMs: number): string => {
  const start = Math.floor(at.getTime() / periodMs) * periodMs;
  if (start !== lastPeriod.start) lastPeriod = { start, text: new Date(start).toISOString() };
  return lastPeriod.text;
};

type Trusted<T> = { value: T; until: number };

/**
 * Merchants' data keys, per period, wrapped by the service's encryption key where they are kept,
 * unwrapped here and held a moment. Destroying a key is what erases (or expires) the payloads it
 * sealed: the log keeps them, sealed, for ever.
 */
export const dataKeys = (
  store: PayloadKeyStore,
  master: SecretBox,
  options: { retentionMs?: number; now?: () => number } = {},
): DataKeys => {
  const periodMs = keyPeriodMs(options.retentionMs);
  const clock = options.now ?? Date.now;
  // The keys in use lately, by merchant and period, and by id: a bounded number of them.
  const sealing = recentMap<string, Trusted<DataKey>>(KEYS_KEPT);
  const opening = recentMap<string, Trusted<KeyLookup>>(KEYS_KEPT);
  /** Keys destroyed here: none of those kept may serve again (destruction is rare). */
  const forgetAll = () => {
    sealing.clear();
    opening.clear();
  };

  const unwrap = (stored: StoredDataKey): KeyLookup =>
    stored.wrapped === null
      ? { status: stored.destroyed_because ?? 'erased', destroyed_at: stored.destroyed_at }
      : { status: 'live', key: Buffer.from(master.open(stored.wrapped, stored.id), 'base64') };

  const lookup = async (keyId: string): Promise<KeyLookup> => {
    const kept = opening.get(keyId);
    if (kept && (kept.value.status !== 'live' || kept.until > clock())) return kept.value;
    const stored = await store.find(keyId);
    if (!stored) throw new Error(`No data key ${keyId} is kept: the keys are not this log's.`);
    const value = unwrap(stored);
    opening.set(keyId, { value, until: clock() + TRUSTED_MS });
    return value;
  };

  const fresh = async (merchantId: string, period: string): Promise<DataKey> => {
    const id = `dk_${randomBytes(12).toString('hex')}`;
    const key = randomBytes(32);
    const candidate = {
      id,
      wrapped: master.seal(key.toString('base64'), id),
      created_at: new Date(clock()).toISOString(),
    };
    const stored = await store.current(merchantId, period, candidate);
    const unwrapped = unwrap(stored);
    if (unwrapped.status !== 'live') throw new Error(`The data key ${stored.id} is destroyed.`);
    return { id: stored.id, key: unwrapped.key };
  };

  const sealingKeyAtHand = (merchantId: string, at: Date): DataKey | undefined => {
    const kept = sealing.get(`${merchantId}\u0000${periodOf(at, periodMs)}`);
    return kept && kept.until > clock() ? kept.value : undefined;
  };

  const sealingKey = async (merchantId: string, at: Date): Promise<DataKey> => {
    const period = periodOf(at, periodMs);
    const name = `${merchantId}\u0000${period}`;
    const kept = sealing.get(name);
    if (kept && kept.until > clock()) return kept.value;
    // Trusted no longer: still live? (Destroyed by another process: a new key for the period.)
    const still = kept ? await lookup(kept.value.id).catch(() => undefined) : undefined;
    const key = kept && still?.status === 'live' ? kept.value : await fresh(merchantId, period);
    sealing.set(name, { value: key, until: clock() + TRUSTED_MS });
    return key;
  };

  return {
    sealingKey,
    sealingKeyAtHand,
    lookup,
    erase: async (merchantId, at) => {
      const count = await store.destroyMerchant(merchantId, at.toISOString());
      forgetAll();
      return count;
    },
    pastRetention: async (now, retentionMs) => {
      const before = periodOf(new Date(now.getTime() - retentionMs), periodMs);
      return { ...(await store.liveBefore(before)), payloads_before: before };
    },
    expire: async (now, retentionMs) => {
      const before = periodOf(new Date(now.getTime() - retentionMs), periodMs);
      const count = await store.destroyBefore(before, now.toISOString());
      if (count > 0) forgetAll();
      return count;
    },
  };
};
