import * as t from 'io-ts';
import { strictObject } from '../codec.js';
import { MerchantId, boundedString, matching, nullable, pageQuery } from './common.js';

export const EventId = matching(
  'evt_ followed by 1 to 64 of A-Z a-z 0-9 _ -',
  /^evt_[A-Za-z0-9_-]{1,64}$/,
);

const JsonObject = new t.Type<Record<string, unknown>, Record<string, unknown>, unknown>(
  'a JSON object',
  (u): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u),
  (u, c) =>
    typeof u === 'object' && u !== null && !Array.isArray(u)
      ? t.success(u as Record<string, unknown>)
      : t.failure(u, c),
  t.identity,
);

export const PublishEventBody = strictObject(
  'PublishEventBody',
  { type: boundedString(1, 128), merchant_id: MerchantId, data: JsonObject },
  { id: EventId, channels: nullable(t.array(t.string, 'a list of strings')) },
);

export const ListEventsQuery = strictObject(
  'ListEventsQuery',
  {},
  { ...pageQuery, merchant_id: MerchantId, type: boundedString(1, 128) },
);
