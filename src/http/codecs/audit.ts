import * as t from 'io-ts';
import { strictObject } from '../codec.js';
import { MerchantId, boundedString, matching, pageQuery } from './common.js';

/** A position as the log issues them: a non-negative integer, written in decimal. */
export const LogPosition = matching(
  'a position of the log (a non-negative integer)',
  /^(0|[1-9][0-9]{0,19})$/,
);

export const AuditEventsQuery = strictObject(
  'AuditEventsQuery',
  {},
  {
    from_position: LogPosition,
    direction: t.keyof({ forward: null, backward: null }, 'forward or backward'),
    limit: pageQuery.limit,
    type: boundedString(1, 200),
    merchant_id: MerchantId,
    stream: boundedString(1, 300),
    correlation_id: boundedString(1, 200),
  },
);
export type AuditEventsQuery = t.TypeOf<typeof AuditEventsQuery>;
