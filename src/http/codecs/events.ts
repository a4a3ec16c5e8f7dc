import * as t from 'io-ts';
import { strictObject } from '../codec.js';
import { MerchantId, boundedString, matching, nullable, pageQuery, JsonObject } from './common.js';

export const EventId = matching(
  'evt_ followed by 1 to 64 of A-Z a-z 0-9 _ -',
  /^evt_[A-Za-z0-9_-]{1,64}$/,
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
