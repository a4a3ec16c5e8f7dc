import * as t from 'io-ts';
import { strictObject } from '../codec.js';
import { MerchantId, boundedString, matching, nullable, pageQuery } from './common.js';

const PositiveInteger = new t.Type<number, number, unknown>(
  'a positive integer',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u > 0,
  (u, c) =>
    typeof u === 'number' && Number.isInteger(u) && u > 0 ? t.success(u) : t.failure(u, c),
  t.identity,
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

export const ActivateBody = strictObject('ActivateBody', { version: PositiveInteger }, {});
export const EmptyBody = strictObject('EmptyBody', {}, {});

/** `timeout_ms` is checked against the configured maximum by the route. */
export const RunBody = strictObject(
  'RunBody',
  {},
  {
    input: JsonObject,
    merchant_id: nullable(MerchantId),
    start_source: JsonObject,
    wait: strictObject('Wait', { timeout_ms: t.number }, {}),
  },
);

export const StepId = boundedString(1, 64);

export const UserActionBody = strictObject(
  'UserActionBody',
  { step_id: StepId },
  { data: t.unknown },
);

export const ApprovalBody = strictObject(
  'ApprovalBody',
  {
    step_id: StepId,
    decision: t.keyof({ approved: null, rejected: null }, 'approved or rejected'),
  },
  { comment: nullable(boundedString(0, 2000)) },
);

export const InstanceStatus = t.keyof(
  { pending: null, running: null, waiting: null, completed: null, failed: null, cancelled: null },
  'pending, running, waiting, completed, failed or cancelled',
);

export const ListInstancesQuery = strictObject(
  'ListInstancesQuery',
  {},
  {
    ...pageQuery,
    merchant_id: MerchantId,
    status: InstanceStatus,
    definition_id: matching('a process definition id', /^[a-z][a-z0-9_.-]{0,63}$/),
  },
);

export const ListDefinitionsQuery = strictObject('ListDefinitionsQuery', {}, pageQuery);
