import { randomBytes } from 'node:crypto';

/** A portal token is told from an API key by its prefix, before any lookup. */
export const PORTAL_TOKEN_PREFIX = 'pt_';

/** The single-use code of a portal link: 32 random bytes. Only its hash is kept. */
export const generatePortalCode = (): string => `pc_${randomBytes(32).toString('base64url')}`;

/** The bearer token a code is exchanged for: 32 random bytes. Only its hash is kept. */
export const generatePortalToken = (): string =>
  `${PORTAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
