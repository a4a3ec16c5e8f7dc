import type { Db } from 'mongodb';
import { MongoServerError } from 'mongodb';
import { onceSucceeded } from '../../mongo/once.js';
import { ensureTtlIndex } from '../../mongo/ttlIndex.js';
import type { IdempotencyStore, Reservation, StoredResponse } from '../port.js';

type KeyDoc = {
  scope: string;
  key: string;
  fingerprint: string;
  /** The kept response as JSON text: a response body may hold keys MongoDB will not store. */
  response: string | null;
  /** A date, for the TTL index to expire keys by. */
  reserved_at: Date;
};

/** A reservation with no response after this long belongs to a request that died: retry may take it. */
const ABANDONED_AFTER_MS = 60_000;
const DUPLICATE_KEY = 11000;
/** As long as the API keeps keys before it sweeps them with `expire`. */
const KEEP_KEYS_MS = 24 * 3600_000;
/** The TTL index's own name: it replaces the plain index of the default name that came before. */
const EXPIRY_INDEX = 'reserved_at_ttl';

/**
 * Idempotency keys in one collection, unique on (scope, key): of two requests racing with the same
 * key, the unique index lets exactly one insert its reservation. The server also expires keys
 * `keepKeysMs` after their reservation, between the API's sweeps or without them.
 */
export const mongoIdempotencyStore = (
  db: Db,
  options: { collection?: string; keepKeysMs?: number } = {},
): IdempotencyStore => {
  const keys = db.collection<KeyDoc>(options.collection ?? 'idempotency_keys');
  const prepared = onceSucceeded(() =>
    Promise.all([
      keys.createIndex({ scope: 1, key: 1 }, { unique: true }),
      ensureTtlIndex(db, keys, {
        name: EXPIRY_INDEX,
        field: 'reserved_at',
        expireAfterSeconds: Math.ceil((options.keepKeysMs ?? KEEP_KEYS_MS) / 1000),
        replaces: ['reserved_at_1'],
      }),
    ]),
  );

  const reserve = async (
    scope: string,
    key: string,
    fingerprint: string,
    now: Date,
  ): Promise<Reservation> => {
    await prepared();
    for (;;) {
      try {
        await keys.insertOne({ scope, key, fingerprint, response: null, reserved_at: now });
        return { kind: 'reserved' };
      } catch (error) {
        if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
      }
      const row = await keys.findOne({ scope, key });
      // Released or expired between the insert and the read: try the insert again.
      if (!row) continue;
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.response !== null) {
        return { kind: 'replay', response: JSON.parse(row.response) as StoredResponse };
      }
      if (now.getTime() - row.reserved_at.getTime() < ABANDONED_AFTER_MS) {
        return { kind: 'in_progress' };
      }
      // Take the dead request's reservation over, unless another retry took it first.
      const taken = await keys.updateOne(
        { scope, key, response: null, reserved_at: row.reserved_at },
        { $set: { reserved_at: now } },
      );
      return taken.modifiedCount === 1 ? { kind: 'reserved' } : { kind: 'in_progress' };
    }
  };

  return {
    reserve,
    complete: async (scope, key, response) => {
      await keys.updateOne({ scope, key }, { $set: { response: JSON.stringify(response) } });
    },
    release: async (scope, key) => {
      await keys.deleteOne({ scope, key, response: null });
    },
    expire: async (cutoff) =>
      (await keys.deleteMany({ reserved_at: { $lt: cutoff } })).deletedCount,
  };
};
