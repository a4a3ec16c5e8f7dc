import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Role } from '../../domain/api-keys/apiKey.js';
import type { PortalCapability } from '../../domain/portal/capabilities.js';
import { API_KEYS } from '../../projections/apiKeys.js';
import type { ApiKeyDoc } from '../../projections/apiKeys.js';
import { PORTAL_CUTOFFS, PORTAL_SESSIONS } from '../../projections/portalSessions.js';
import type { PortalCutoffDoc, PortalSessionDoc } from '../../projections/portalSessions.js';
import { PORTAL_TOKEN_PREFIX } from '../portal/portalSecrets.js';
import { hashApiKey, sameHash } from './apiKeySecret.js';
import type { Principal } from './principal.js';
import { BOOTSTRAP_KEY_ID } from './principal.js';

export type Authenticator = (presentedKey: string) => Promise<Principal | undefined>;

/** A document found by the hash of what was presented, if its hash is that one. */
const byHash = async <D extends { id: string }>(
  readStore: ReadStore,
  collection: string,
  field: string,
  hash: string,
): Promise<D | undefined> => {
  const { docs } = await readStore.find(collection, {
    where: { [field]: hash },
    orderBy: { field, direction: 'asc' },
    limit: 1,
  });
  const doc = docs[0] as (D & Record<string, unknown>) | undefined;
  return doc && sameHash(String(doc[field]), hash) ? doc : undefined;
};

/**
 * A portal token: a merchant principal limited to its session's capabilities, unless the session
 * expired, or the merchant expired all its sessions since this one was created. The cut-off is
 * read on every request (one lookup by id), so an expire-all holds in every process at once.
 */
const portalPrincipal = async (
  readStore: ReadStore,
  hash: string,
  now: () => Date,
): Promise<Principal | undefined> => {
  const session = await byHash<PortalSessionDoc>(readStore, PORTAL_SESSIONS, 'token_hash', hash);
  if (!session || Date.parse(session.expires_at) <= now().getTime()) return undefined;
  const cutoff = (await readStore.get(PORTAL_CUTOFFS, session.merchant_id)) as
    PortalCutoffDoc | undefined;
  if (cutoff && Date.parse(session.created_at) <= Date.parse(cutoff.expired_before))
    return undefined;
  return {
    key_id: session.id,
    role: 'merchant',
    merchant_id: session.merchant_id,
    portal: {
      session_id: session.id,
      capabilities: session.capabilities as PortalCapability[],
      expires_at: session.expires_at,
    },
  };
};

/**
 * Finds the principal behind a presented key: the bootstrap admin key, a portal token (by its
 * prefix), or an unrevoked key of the api_keys read model. Keys and tokens are looked up by hash
 * (neither is stored in clear) and compared in constant time.
 */
export const authenticator = (
  readStore: ReadStore,
  bootstrapAdminKey: string,
  now: () => Date = () => new Date(),
): Authenticator => {
  const bootstrapHash = hashApiKey(bootstrapAdminKey);
  return async (presented) => {
    const hash = hashApiKey(presented);
    if (sameHash(hash, bootstrapHash)) {
      return { key_id: BOOTSTRAP_KEY_ID, role: 'admin', merchant_id: null };
    }
    if (presented.startsWith(PORTAL_TOKEN_PREFIX)) return portalPrincipal(readStore, hash, now);
    const doc = await byHash<ApiKeyDoc>(readStore, API_KEYS, 'key_hash', hash);
    if (!doc || doc.revoked_at !== null) return undefined;
    return { key_id: doc.id, role: doc.role as Role, merchant_id: doc.merchant_id };
  };
};
