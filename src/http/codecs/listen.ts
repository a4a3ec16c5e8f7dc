import * as t from 'io-ts';
import { strictObject } from '../codec.js';
import { MerchantId, boundedString, matching, nullable } from './common.js';

export const ListenQuery = strictObject(
  'ListenQuery',
  {},
  {
    merchant_id: MerchantId,
    /** Event types, comma-separated: the listening endpoint's filter_types. */
    events: matching('event types separated by commas', /^[a-z0-9_.]+(,[a-z0-9_.]+)*$/),
  },
);

const StatusCode = new t.Type<number, number, unknown>(
  'an HTTP status code (100 to 599)',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 100 && u <= 599,
  (u, c) =>
    typeof u === 'number' && Number.isInteger(u) && u >= 100 && u <= 599
      ? t.success(u)
      : t.failure(u, c),
  t.identity,
);

const Duration = new t.Type<number, number, unknown>(
  'milliseconds (0 to 3600000)',
  (u): u is number => typeof u === 'number' && u >= 0 && u <= 3_600_000,
  (u, c) => (typeof u === 'number' && u >= 0 && u <= 3_600_000 ? t.success(u) : t.failure(u, c)),
  t.identity,
);

export const ListenedAttemptBody = strictObject(
  'ListenedAttemptBody',
  {
    try: boundedString(1, 4096),
    status_code: nullable(StatusCode),
    duration_ms: Duration,
  },
  {
    /** The start of what the local receiver answered. */
    body: nullable(t.string),
    /** Why the local receiver could not be reached. */
    error: nullable(
      t.type({
        code: t.keyof({
          timeout: null,
          connection_refused: null,
          connection_reset: null,
          dns: null,
        }),
        message: boundedString(0, 1000),
      }),
    ),
  },
);
export type ListenedAttemptBody = t.TypeOf<typeof ListenedAttemptBody>;
