import type { Role } from '../../domain/api-keys/apiKey.js';
import type { PortalCapability } from '../../domain/portal/capabilities.js';

/**
 * A merchant signed in through a portal link: what its session lets it do, and until when. The
 * token acts as a merchant key of that merchant, within these bounds.
 */
export type PortalGrant = {
  session_id: string;
  capabilities: readonly PortalCapability[];
  expires_at: string;
};

/** Who is calling: the key's id (never the key), its role, and for a merchant key its merchant. */
export type Principal = {
  key_id: string;
  role: Role;
  merchant_id: string | null;
  /** Set for a portal token only: its key_id is then the session's id. */
  portal?: PortalGrant;
};

/** The bootstrap admin key is not in the log: it is the environment's or the data folder's. */
export const BOOTSTRAP_KEY_ID = 'key_bootstrap';
