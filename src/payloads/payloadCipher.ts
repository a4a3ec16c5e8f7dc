import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A payload sealed under a data key: `p1.<key id>.<iv>.<tag>.<ciphertext>` (AES-256-GCM, base64url).
 * The key id says which key opens it, and so which merchant and period it belongs to. The bound
 * context (an event's or an attempt's id) is the cipher's associated data: a sealed payload copied
 * onto another record does not open.
 */
export type SealedPayload = string;

const VERSION = 'p1';

export const isSealed = (value: unknown): value is SealedPayload =>
  typeof value === 'string' && value.startsWith(`${VERSION}.`);

export const keyIdOf = (sealed: SealedPayload): string => sealed.split('.', 2)[1] ?? '';

/**
 * Nonces are random (every process seals under the same keys, so no counter is shared), drawn from
 * a pool filled 4 KiB at a time: one draw from the system per 341 payloads rather than per payload.
 */
const IV_BYTES = 12;
const POOL_BYTES = IV_BYTES * 341;
let pool = Buffer.alloc(0);
let taken = POOL_BYTES;

const nextIv = (): Buffer => {
  if (taken + IV_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  const iv = pool.subarray(taken, taken + IV_BYTES);
  taken += IV_BYTES;
  return iv;
};

export const sealPayload = (
  plaintext: string,
  key: { id: string; key: Buffer },
  context: string,
): SealedPayload => {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = cipher.update(plaintext, 'utf8');
  // GCM is a stream cipher: `final` adds no bytes, only the tag.
  cipher.final();
  const tag = cipher.getAuthTag();
  return `${VERSION}.${key.id}.${iv.toString('base64url')}.${tag.toString('base64url')}.${body.toString('base64url')}`;
};

export const openPayload = (sealed: SealedPayload, key: Buffer, context: string): string => {
  const [version, , iv, tag, body] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
    throw new Error('Not a sealed payload.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
};
