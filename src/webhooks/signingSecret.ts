import { createHash, randomBytes } from 'node:crypto';

const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes, as Standard Webhooks expects. */
export const generateSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** An imported secret must be `whsec_` and the base64 of 24 to 64 bytes. */
export const isValidSigningSecret = (secret: string): boolean => {
  const match = SECRET.exec(secret);
  if (!match) return false;
  const bytes = Buffer.from(match[1]!, 'base64');
  return bytes.length >= 24 && bytes.length <= 64 && bytes.toString('base64') === match[1];
};

/**
 * A signing secret's id: `sec_` and the start of its SHA-256. It tells which secret is which (the
 * one a rotation made, the one a receiver holds) without showing either; from 24 random bytes or
 * more, the digest gives nothing of the secret away.
 */
export const signingSecretId = (secret: string): string =>
  `sec_${createHash('sha256').update(secret).digest('hex').slice(0, 20)}`;
