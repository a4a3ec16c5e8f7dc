import { recentMap } from '../memory/recentMap.js';
import type { ResolvedAddress } from './resolvedAddress.js';

/** The longest an answer is kept whatever its TTL says: a record changed upstream is seen by then. */
const MAX_TTL_S = 300;

type Entry = { addresses: ResolvedAddress[]; until: number };

/**
 * Addresses found lately, each kept for its records' TTL, within a bounded number of names. A name
 * found without addresses is not kept: one about to be set up is seen as soon as it is.
 */
export type AnswerCache = {
  /** The addresses held for `host` at `now`, or undefined when none are. */
  get: (host: string, now: number) => ResolvedAddress[] | undefined;
  keep: (host: string, addresses: ResolvedAddress[], ttlS: number, now: number) => void;
};

export const answerCache = (capacity: number): AnswerCache => {
  const entries = recentMap<string, Entry>(capacity);
  return {
    get: (host, now) => {
      const entry = entries.get(host);
      if (!entry) return undefined;
      if (entry.until > now) return entry.addresses;
      entries.delete(host);
      return undefined;
    },
    keep: (host, addresses, ttlS, now) => {
      // A TTL of 0 asks not to be kept at all.
      if (ttlS <= 0 || addresses.length === 0) return;
      entries.set(host, { addresses, until: now + Math.min(ttlS, MAX_TTL_S) * 1000 });
    },
  };
};
