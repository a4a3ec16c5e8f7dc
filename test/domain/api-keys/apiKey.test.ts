import type { ApiKeyCreated, CreateApiKey } from '../../../domain/api-keys/apiKey.js';
import { apiKeyDecider } from '../../../domain/api-keys/apiKey.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(apiKeyDecider);
const now = '2026-01-01T00:00:00.000Z';

const create = (overrides: Partial<CreateApiKey> = {}): CreateApiKey => ({
  type: 'create_api_key',
  key_id: 'key_1',
  role: 'merchant',
  merchant_id: 'mer_a',
  name: 'shop',
  key_hash: 'ab'.repeat(32),
  now,
  ...overrides,
});

const created: ApiKeyCreated = {
  type: 'api_key.created',
  data: {
    key_id: 'key_1',
    role: 'merchant',
    merchant_id: 'mer_a',
    name: 'shop',
    key_hash: 'ab'.repeat(32),
    created_at: now,
  },
};

describe('API key decider', () => {
  it('creates a merchant key bound to its merchant', () => {
    spec.given([]).when(create()).then([created]);
  });

  it('creates admin and auditor keys without a merchant', () => {
    spec
      .given([])
      .when(create({ role: 'auditor', merchant_id: null }))
      .then([
        { type: 'api_key.created', data: { ...created.data, role: 'auditor', merchant_id: null } },
      ]);
  });

  it('refuses a merchant key without a merchant, and an admin key with one', () => {
    spec
      .given([])
      .when(create({ merchant_id: null }))
      .thenFails('validation_failed');
    spec
      .given([])
      .when(create({ role: 'admin' }))
      .thenFails('validation_failed');
  });

  it('refuses to create a key twice', () => {
    spec.given([created]).when(create()).thenFails('conflict');
  });

  it('revokes an active key once; a revoked or unknown key is not found', () => {
    const revoke = { type: 'revoke_api_key', key_id: 'key_1', now } as const;
    const revoked = {
      type: 'api_key.revoked',
      data: { key_id: 'key_1', revoked_at: now },
    } as const;
    spec.given([created]).when(revoke).then([revoked]);
    spec.given([created, revoked]).when(revoke).thenFails('not_found');
    spec.given([]).when(revoke).thenFails('not_found');
  });
});
