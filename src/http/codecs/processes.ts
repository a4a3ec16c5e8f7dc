import * as t from 'io-ts';
import { strictObject } from '../codec.js';
import {
  MerchantId,
  boundedString,
  matching,
  nullable,
  pageQuery,
  JsonObject,
  PositiveInteger,
} from './common.js';

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
