import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { recentMap } from '../../adapters/memory/recentMap.js';

/**
 * Seals secrets (endpoint signing secrets) before they enter the log or a read model, with
 * AES-256-GCM under the service's encryption key. The associated data binds a sealed value to its
 * owner (the endpoint id), so a sealed secret copied onto another endpoint does not open.
 */
export type SecretBox = {
  seal: (plaintext: string, owner: string) => string;
  open: (sealed: string, owner: string) => string;
  /**
   * An HMAC-SHA256 of `message` under a key derived from the encryption key for `purpose`: what
   * the service hands out to be handed back (a listener's try) is signed alike by every process
   * that shares the encryption key, and by no one else.
   */
  sign: (message: string, purpose: string) => Buffer;
};

const VERSION = 'v1';

/** The short id a sealed value names its key by. */
export const encryptionKeyId = (key: Buffer): string =>
  createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * Seals under `key`; opens what it or one of the `retired` keys sealed (values sealed before a
 * rotation of the encryption key, which the log keeps as they were).
 */
export const secretBox = (key: Buffer, retired: readonly Buffer[] = []): SecretBox => {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  const keyId = encryptionKeyId(key);
  const opening = new Map([...retired.map((k) => [encryptionKeyId(k), k] as const), [keyId, key]]);
  // A key of its own for each purpose: the encryption key itself never signs, and a signature
  // made for one purpose is worth nothing for another. Purposes are the code's few constants.
  const signingKeys = new Map<string, Buffer>();
  const signingKey = (purpose: string): Buffer => {
    let derived = signingKeys.get(purpose);
    if (!derived) {
      derived = Buffer.from(hkdfSync('sha256', key, '', `sluice signing key: ${purpose}`, 32));
      signingKeys.set(purpose, derived);
    }
    return derived;
  };
  return {
    seal: (plaintext, owner) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        VERSION,
        keyId,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join(':');
    },
    open: (sealed, owner) => {
      const [version, sealedKeyId, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || !body) throw new Error('Not a sealed secret.');
      const openingKey = opening.get(sealedKeyId ?? '');
      if (!openingKey) throw new Error(`Sealed under another encryption key (${sealedKeyId}).`);
      const decipher = createDecipheriv('aes-256-gcm', openingKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    sign: (message, purpose) => createHmac('sha256', signingKey(purpose)).update(message).digest(),
  };
};

const OPENED_KEPT = 10_000;

/**
 * Opening a sealed secret costs a decryption on every delivery attempt; the opened secrets of the
 * endpoints in use are kept in memory (they are in memory while signing anyway), by endpoint, those
 * of the endpoints not used lately dropped first.
 */
export const rememberingOpened = (box: SecretBox): SecretBox => {
  /** By owner: its sealed secrets (the current one, and the previous during a rotation), opened. */
  const opened = recentMap<string, Map<string, string>>(OPENED_KEPT);
  return {
    seal: box.seal,
    sign: box.sign,
    open: (sealed, owner) => {
      let ofOwner = opened.get(owner);
      const kept = ofOwner?.get(sealed);
      if (kept !== undefined) return kept;
      const plaintext = box.open(sealed, owner);
      if (!ofOwner) {
        ofOwner = new Map();
        opened.set(owner, ofOwner);
      }
      // A rotation leaves two in use; older ones are no longer asked for.
      if (ofOwner.size >= 2) ofOwner.delete(ofOwner.keys().next().value!);
      ofOwner.set(sealed, plaintext);
      return plaintext;
    },
  };
};
