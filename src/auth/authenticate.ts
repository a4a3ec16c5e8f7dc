import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Role } from '../../domain/api-keys/apiKey.js';
import { API_KEYS } from '../../projections/apiKeys.js';
import type { ApiKeyDoc } from '../../projections/apiKeys.js';
import { hashApiKey, sameHash } from './apiKeySecret.js';
import type { Principal } from './principal.js';
import { BOOTSTRAP_KEY_ID } from './principal.js';

export type Authenticator = (presentedKey: string) => Promise<Principal | undefined>;

/**
 * Finds the principal behind a presented key: the bootstrap admin key, or an unrevoked key of the
 * api_keys read model, looked up by hash (a key is never stored in clear) and compared in
 * constant time.
 */
export const authenticator = (readStore: ReadStore, bootstrapAdminKey: string): Authenticator => {
  const bootstrapHash = hashApiKey(bootstrapAdminKey);
  return async (presented) => {
    const hash = hashApiKey(presented);
    if (sameHash(hash, bootstrapHash)) {
      return { key_id: BOOTSTRAP_KEY_ID, role: 'admin', merchant_id: null };
    }
    const { docs } = await readStore.find(API_KEYS, {
      where: { key_hash: hash },
      orderBy: { field: 'key_hash', direction: 'asc' },
      limit: 1,
    });
    const doc = docs[0] as ApiKeyDoc | undefined;
    if (!doc || doc.revoked_at !== null || !sameHash(doc.key_hash, hash)) return undefined;
    return { key_id: doc.id, role: doc.role as Role, merchant_id: doc.merchant_id };
  };
};
