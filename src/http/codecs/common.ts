import * as t from 'io-ts';
import { MERCHANT_ID_PATTERN } from '../../../domain/shared/merchant.js';

/** A string matching a pattern; `name` is what an error says the value must be. */
export const matching = (name: string, pattern: RegExp) =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && pattern.test(u),
    (u, c) => (typeof u === 'string' && pattern.test(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  );

export const boundedString = (min: number, max: number) =>
  new t.Type<string, string, unknown>(
    `a string of ${min} to ${max} characters`,
    (u): u is string => typeof u === 'string' && u.length >= min && u.length <= max,
    (u, c) =>
      typeof u === 'string' && u.length >= min && u.length <= max ? t.success(u) : t.failure(u, c),
    t.identity,
  );

export const MerchantId = matching(
  'a merchant id: mer_ followed by 1 to 64 of A-Z a-z 0-9 _ -',
  MERCHANT_ID_PATTERN,
);

/** A query-string integer within bounds. */
export const queryInteger = (min: number, max: number) =>
  new t.Type<number, string, unknown>(
    `an integer from ${min} to ${max}`,
    (u): u is number => typeof u === 'number',
    (u, c) => {
      if (typeof u !== 'string' || !/^\d+$/.test(u)) return t.failure(u, c);
      const n = Number(u);
      return n >= min && n <= max ? t.success(n) : t.failure(u, c);
    },
    String,
  );

export const nullable = <C extends t.Mixed>(codec: C) =>
  t.union([codec, t.null], `${codec.name} or null`);

/** `limit` and `cursor`, shared by every list route. */
export const pageQuery = {
  limit: queryInteger(1, 100),
  cursor: boundedString(1, 512),
};

/** An RFC 3339 date-time with a zone, as the API writes them. */
export const DateTime = new t.Type<string, string, unknown>(
  'an RFC 3339 date-time such as 2026-01-31T12:00:00Z',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    typeof u === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(u) &&
    !Number.isNaN(Date.parse(u))
      ? t.success(u)
      : t.failure(u, c),
  t.identity,
);

/** Any JSON object (not an array, not null). */
export const JsonObject = new t.Type<Record<string, unknown>, Record<string, unknown>, unknown>(
  'a JSON object',
  (u): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u),
  (u, c) =>
    typeof u === 'object' && u !== null && !Array.isArray(u)
      ? t.success(u as Record<string, unknown>)
      : t.failure(u, c),
  t.identity,
);

export const PositiveInteger = new t.Type<number, number, unknown>(
  'a positive integer',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u > 0,
  (u, c) =>
    typeof u === 'number' && Number.isInteger(u) && u > 0 ? t.success(u) : t.failure(u, c),
  t.identity,
);
