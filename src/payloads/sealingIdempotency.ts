import { createHash } from 'node:crypto';
import type { IdempotencyStore, StoredResponse } from '../../adapters/idempotency/port.js';
import type { DataKeys } from './dataKeys.js';
import { openSealed } from './sealedEvents.js';
import { sealPayload } from './payloadCipher.js';

/** A kept answer whose merchant's data was erased (or expired) since: it cannot be replayed. */
export class KeptResponseUnreadable extends Error {
  constructor(readonly because: 'erased' | 'expired') {
    super(`The kept response was ${because === 'erased' ? 'erased' : 'expired'}.`);
    this.name = 'KeptResponseUnreadable';
  }
}

const merchantOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const merchant = (body as { merchant_id?: unknown }).merchant_id;
  return typeof merchant === 'string' ? merchant : undefined;
};

/**
 * An Idempotency-Key as it is kept: its hash. Callers put what they like in a key (an order
 * number, an email address), and what is kept must not hold it, past any erasure.
 */
const keptKey = (key: string): string =>
  `h1.${createHash('sha256').update(key).digest('base64url')}`;

/**
 * Idempotency keys whose kept answers are sealed like the log's payloads: an answer that names a
 * merchant (a published event, say) repeats its data, and is sealed under that merchant's data key,
 * bound to the caller's key; its erasure then covers the kept answer too. The keys themselves are
 * kept hashed.
 */
export const sealingIdempotency = (
  store: IdempotencyStore,
  keys: DataKeys,
  options: { seal: boolean; now: () => Date },
): IdempotencyStore => hashedKeys(options.seal ? sealingAnswers(store, keys, options) : store);

/** The store with its keys kept as hashes (see keptKey), whatever else it does. */
export const hashedKeys = (store: IdempotencyStore): IdempotencyStore => ({
  ...store,
  reserve: (scope, key, fingerprint, now) => store.reserve(scope, keptKey(key), fingerprint, now),
  complete: (scope, key, response) => store.complete(scope, keptKey(key), response),
  release: (scope, key) => store.release(scope, keptKey(key)),
});

const sealingAnswers = (
  store: IdempotencyStore,
  keys: DataKeys,
  options: { seal: boolean; now: () => Date },
): IdempotencyStore => ({
  ...store,
  complete: async (scope, key, response) => {
    const merchant = merchantOf(response.body);
    if (!options.seal || merchant === undefined) return store.complete(scope, key, response);
    const dataKey = await keys.sealingKey(merchant, options.now());
    const sealed = sealPayload(JSON.stringify(response.body), dataKey, `${scope}\u0000${key}`);
    return store.complete(scope, key, { ...response, body: null, sealed_body: sealed });
  },
  reserve: async (scope, key, fingerprint, now) => {
    const reservation = await store.reserve(scope, key, fingerprint, now);
    if (reservation.kind !== 'replay' || reservation.response.sealed_body === undefined)
      return reservation;
    const { sealed_body: sealed, ...response } = reservation.response;
    const opened = await openSealed(keys, sealed, `${scope}\u0000${key}`);
    if ('unreadable' in opened) throw new KeptResponseUnreadable(opened.unreadable);
    const body: StoredResponse['body'] = JSON.parse(opened.text);
    return { kind: 'replay', response: { ...response, body } };
  },
});
