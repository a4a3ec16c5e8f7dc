import type {
  MerchantDataErased,
  RecordErasure,
} from '../../../domain/merchants/merchantErasure.js';
import { merchantErasureDecider } from '../../../domain/merchants/merchantErasure.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(merchantErasureDecider);

const erase = (overrides: Partial<RecordErasure> = {}): RecordErasure => ({
  type: 'record_erasure',
  merchant_id: 'mer_acme',
  erased_at: '2026-11-26T12:00:00.000Z',
  reason: 'GDPR request 1234',
  keys_destroyed: 3,
  ...overrides,
});

const erased = (overrides: Partial<MerchantDataErased['data']> = {}): MerchantDataErased => ({
  type: 'merchant.data_erased',
  data: {
    merchant_id: 'mer_acme',
    erased_at: '2026-11-26T12:00:00.000Z',
    reason: 'GDPR request 1234',
    keys_destroyed: 3,
    ...overrides,
  },
});

describe('merchant erasure decider', () => {
  it('records an erasure, with its reason trimmed and the keys it destroyed', () =>
    spec
      .given([])
      .when(erase({ reason: '  GDPR request 1234 \n' }))
      .then([erased()]));

  it('records a second erasure, which destroys the keys made since the first', () =>
    spec
      .given([erased()])
      .when(erase({ erased_at: '2026-11-27T08:00:00.000Z', keys_destroyed: 1 }))
      .then([erased({ erased_at: '2026-11-27T08:00:00.000Z', keys_destroyed: 1 })]));

  it('refuses an erasure without a reason', () =>
    spec
      .given([])
      .when(erase({ reason: ' \t ' }))
      .thenFails('validation_failed'));

  it('refuses a reason over 1,000 characters', () =>
    spec
      .given([])
      .when(erase({ reason: 'x'.repeat(1001) }))
      .thenFails('validation_failed'));
});
