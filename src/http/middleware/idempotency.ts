import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { IdempotencyStore } from '../../../adapters/idempotency/port.js';
import { canonicalJson } from '../../../domain/shared/canonicalJson.js';
import type { Handler, HttpResult } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { KeptResponseUnreadable } from '../../payloads/sealingIdempotency.js';
import { principalOf } from '../requestContext.js';

const KEY = /^[\x21-\x7e]{1,255}$/;

const fingerprint = (req: Request): string =>
  createHash('sha256')
    .update(`${req.method} ${req.originalUrl}\n${canonicalJson(req.body)}`)
    .digest('hex');

export type IdempotencyOptions = {
  /** Top-level body fields never kept (a key shown once): a replay answers them as null. */
  forget?: readonly string[];
  now?: () => Date;
};

const withoutSecrets = (body: unknown, forget: readonly string[]): unknown =>
  forget.length > 0 && body && typeof body === 'object'
    ? { ...body, ...Object.fromEntries(forget.map((field) => [field, null])) }
    : body;

/**
 * Wraps a create route: with an `Idempotency-Key` header, the first successful answer is kept for
 * 24 hours and replayed to a repeat of the same request.
 */
export const idempotent =
  (store: IdempotencyStore, handler: Handler, options: IdempotencyOptions = {}): Handler =>
  async (req) => {
    const now = options.now ?? (() => new Date());
    const key = req.get('idempotency-key');
    if (key === undefined) return handler(req);
    if (!KEY.test(key)) {
      throw new HttpProblem(
        'validation_failed',
        'Idempotency-Key must be 1 to 255 printable characters.',
        [
          {
            path: 'header.idempotency-key',
            message: 'must be 1 to 255 printable ASCII characters',
          },
        ],
      );
    }
    const scope = principalOf(req).key_id;
    const reservation = await store.reserve(scope, key, fingerprint(req), now()).catch((error) => {
      if (error instanceof KeptResponseUnreadable)
        throw new HttpProblem(
          'data_erased',
          `The answer kept for this Idempotency-Key named a merchant whose data was ${error.because === 'erased' ? 'erased' : 'expired'}; it cannot be replayed.`,
        );
      throw error;
    });
    switch (reservation.kind) {
      case 'mismatch':
        throw new HttpProblem(
          'idempotency_key_reused',
          'This Idempotency-Key was used with another request.',
        );
      case 'in_progress':
        throw new HttpProblem(
          'conflict',
          'A request with this Idempotency-Key is still running; retry later.',
        );
      case 'replay': {
        const { status, headers, body } = reservation.response;
        return { status, headers: { ...headers, 'Idempotent-Replayed': 'true' }, body };
      }
      case 'reserved':
        break;
    }
    let result: HttpResult;
    try {
      result = await handler(req);
    } catch (error) {
      // A refused or failed request changed nothing, so nothing is kept: a corrected retry may
      // use the same key.
      await store.release(scope, key);
      throw error;
    }
    await store.complete(scope, key, {
      status: result.status,
      headers: result.headers ?? {},
      body: withoutSecrets(result.body, options.forget ?? []),
    });
    return result;
  };
