import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new API key: `sk_` and 32 random bytes, base64url. Shown once; only its hash is kept. */
export const generateApiKey = (): string => `sk_${randomBytes(32).toString('base64url')}`;

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Compares two hex digests in constant time. */
export const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};
