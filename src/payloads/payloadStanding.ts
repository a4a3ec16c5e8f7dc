import type { DestroyedBecause } from '../../adapters/payloadkeys/port.js';
import type { DataKeys, KeyLookup } from './dataKeys.js';
import { isSealed, keyIdOf } from './payloadCipher.js';

/** Why a payload can no longer be read, and since when its key is gone (null: not recorded). */
export type Unreadable = { because: DestroyedBecause; since: string | null };

/**
 * Whether each sealed payload can still be read, told from its data key alone: nothing is opened.
 * Each key is looked up once, however many payloads it sealed. A payload kept in clear (sealing
 * turned off) is always readable; so is an absent one (undefined).
 */
export const unreadablePayloads = async (
  keys: Pick<DataKeys, 'lookup'>,
  payloads: readonly unknown[],
): Promise<Array<Unreadable | undefined>> => {
  const lookups = new Map<string, Promise<KeyLookup>>();
  return Promise.all(
    payloads.map(async (payload) => {
      if (!isSealed(payload)) return undefined;
      const keyId = keyIdOf(payload);
      let lookup = lookups.get(keyId);
      if (!lookup) {
        lookup = keys.lookup(keyId);
        lookups.set(keyId, lookup);
      }
      const key = await lookup;
      return key.status === 'live' ? undefined : { because: key.status, since: key.destroyed_at };
    }),
  );
};
