import type { Role } from '../../domain/api-keys/apiKey.js';

/** Who is calling: the key's id (never the key), its role, and for a merchant key its merchant. */
export type Principal = {
  key_id: string;
  role: Role;
  merchant_id: string | null;
};

/** The bootstrap admin key is not in the log: it is the environment's or the data folder's. */
export const BOOTSTRAP_KEY_ID = 'key_bootstrap';
