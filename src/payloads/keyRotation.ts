import { randomBytes } from 'node:crypto';
import type { PayloadKeyStore } from '../../adapters/payloadkeys/port.js';
import type { SecretBox } from '../secrets/secretBox.js';
import { encryptionKeyId, secretBox } from '../secrets/secretBox.js';

/** The owner a retired encryption key is sealed for, under the key that replaced it. */
const RETIRED = 'retired-encryption-key';

/**
 * The service's encryption key, and those it replaced, unwrapped from where a rotation left them:
 * what was sealed under an earlier key (endpoint secrets in the log) still opens.
 */
export const encryptionKeys = async (
  current: Buffer,
  store: Pick<PayloadKeyStore, 'retiredKeys'>,
): Promise<SecretBox> => {
  const box = secretBox(current);
  const retired = (await store.retiredKeys()).map((wrapped) =>
    Buffer.from(box.open(wrapped, RETIRED), 'base64'),
  );
  return secretBox(current, retired);
};

export type Rotation = { next: Buffer; previousId: string; nextId: string; rewrapped: number };

/**
 * Rotates the service's encryption key: every merchant's data key is wrapped again under `next`
 * (a new random key when not given), and the current key joins the retired ones, wrapped under
 * `next` too. Neither the log nor the read models are rewritten. The service must be stopped:
 * a running process would keep wrapping new data keys under the old key.
 */
export const rotateEncryptionKey = async (
  current: Buffer,
  store: PayloadKeyStore,
  next: Buffer = randomBytes(32),
): Promise<Rotation> => {
  if (next.equals(current)) throw new Error('The new encryption key is the current one.');
  const old = await encryptionKeys(current, store);
  const retiredBefore = (await store.retiredKeys()).map((wrapped) =>
    secretBox(current).open(wrapped, RETIRED),
  );
  const sealer = secretBox(next);
  const retired = [...retiredBefore, current.toString('base64')].map((key) =>
    sealer.seal(key, RETIRED),
  );
  const rewrapped = await store.rotate(
    (key) => sealer.seal(old.open(key.wrapped, key.id), key.id),
    retired,
  );
  return { next, previousId: encryptionKeyId(current), nextId: encryptionKeyId(next), rewrapped };
};
