import * as t from 'io-ts';
import { MAX_FILTER_LENGTH } from '../../../domain/webhooks/endpointFilter.js';
import { strictObject } from '../codec.js';
import {
  DateTime,
  JsonObject,
  MerchantId,
  boundedString,
  nullable,
  pageQuery,
  PositiveInteger,
} from './common.js';

const Strings = t.array(t.string, 'a list of strings');

const settings = {
  filter_types: nullable(Strings),
  channels: nullable(Strings),
  description: t.string,
  metadata: t.record(t.string, t.string, 'an object of string values'),
  disabled: t.boolean,
  rate_limit_per_s: nullable(PositiveInteger),
  headers: t.record(t.string, t.string, 'an object of string values'),
  filter: nullable(boundedString(1, MAX_FILTER_LENGTH)),
  ordering: t.keyof({ unordered: null, fifo: null }, 'unordered or fifo'),
};

export const CreateEndpointBody = strictObject(
  'CreateEndpointBody',
  { url: boundedString(1, 2048) },
  { ...settings, merchant_id: MerchantId, secret: t.string },
);

export const UpdateEndpointBody = strictObject(
  'UpdateEndpointBody',
  {},
  { ...settings, url: boundedString(1, 2048) },
);

export const RotateSecretBody = strictObject('RotateSecretBody', {}, { key: t.string });

export const ListEndpointsQuery = strictObject(
  'ListEndpointsQuery',
  {},
  {
    ...pageQuery,
    merchant_id: MerchantId,
    include_listeners: t.keyof({ true: null, false: null }, 'true or false'),
  },
);

export const MerchantQuery = strictObject('MerchantQuery', {}, { merchant_id: MerchantId });

export const TestWebhookBody = strictObject(
  'TestWebhookBody',
  {},
  {
    merchant_id: MerchantId,
    endpoint_id: t.string,
    data: t.record(t.string, t.unknown, 'a JSON object'),
  },
);

export const ListAttemptsQuery = strictObject(
  'ListAttemptsQuery',
  {},
  {
    ...pageQuery,
    merchant_id: MerchantId,
    status: t.keyof({ succeeded: null, failed: null }, 'succeeded or failed'),
    event_type: boundedString(1, 128),
  },
);

export const ListMessagesQuery = strictObject(
  'ListMessagesQuery',
  {},
  {
    ...pageQuery,
    merchant_id: MerchantId,
    status: t.keyof(
      { pending: null, succeeded: null, failed: null },
      'pending, succeeded or failed',
    ),
  },
);

export const ReplayBody = strictObject(
  'ReplayBody',
  { since: DateTime },
  { until: DateTime, only_failed: t.boolean, include_unsent: t.boolean },
);

/** An event as `POST /v1/events` takes it: a filter is tried on the body it would be delivered as. */
export const TestFilterBody = strictObject(
  'TestFilterBody',
  {
    filter: boundedString(1, MAX_FILTER_LENGTH),
    event: strictObject(
      'FilterTestEvent',
      { type: boundedString(1, 128), data: JsonObject },
      { merchant_id: MerchantId, channels: nullable(Strings) },
    ),
  },
  {},
);

/** How many types one check of a filter looks at: more than an endpoint sensibly lists. */
export const MAX_CHECKED_TYPES = 100;

const isTypeNames = (u: unknown): u is string[] =>
  Array.isArray(u) &&
  u.length >= 1 &&
  u.length <= MAX_CHECKED_TYPES &&
  u.every((name) => typeof name === 'string' && name.length >= 1 && name.length <= 128);

const TypeNames = new t.Type<string[], string[], unknown>(
  `a list of 1 to ${MAX_CHECKED_TYPES} event type names`,
  isTypeNames,
  (u, c) => (isTypeNames(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/** A filter to check against the schemas of the types an endpoint lists; nothing is evaluated. */
export const CheckFilterBody = strictObject(
  'CheckFilterBody',
  { filter: boundedString(1, MAX_FILTER_LENGTH), filter_types: TypeNames },
  {},
);
