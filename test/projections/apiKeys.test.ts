import type { ApiKeyCreated, ApiKeyRevoked } from '../../domain/api-keys/apiKey.js';
import { apiKeyStream } from '../../domain/api-keys/apiKey.js';
import type { EndpointDeleted } from '../../domain/webhooks/endpoint.js';
import { endpointStream } from '../../domain/webhooks/endpoint.js';
import { apiKeysProjection } from '../../projections/apiKeys.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(apiKeysProjection);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';
const keyHash = 'ab'.repeat(32);

const created = (overrides: Partial<ApiKeyCreated['data']> = {}) => {
  const data: ApiKeyCreated['data'] = {
    key_id: 'key_1',
    role: 'merchant',
    merchant_id: 'mer_a',
    name: 'shop',
    key_hash: keyHash,
    created_at: now,
    ...overrides,
  };
  return recorded(apiKeyStream(data.key_id), 'api_key.created', data, {
    metadata: { merchant_id: data.merchant_id },
  });
};

const revoked = (data: ApiKeyRevoked['data'], merchantId: string | null) =>
  recorded(apiKeyStream(data.key_id), 'api_key.revoked', data, {
    revision: 1,
    metadata: { merchant_id: merchantId },
  });

describe('API keys projection', () => {
  it('lists a created merchant key as active, findable by the hash of the key', () => {
    spec.when(created()).then([
      {
        op: 'put',
        collection: 'api_keys',
        doc: {
          id: 'key_1',
          role: 'merchant',
          merchant_id: 'mer_a',
          name: 'shop',
          key_hash: keyHash,
          created_at: now,
          revoked_at: null,
        },
      },
    ]);
  });

  it('lists an admin key without a merchant or a name', () => {
    spec.when(created({ key_id: 'key_2', role: 'admin', merchant_id: null, name: null })).then([
      {
        op: 'put',
        collection: 'api_keys',
        doc: {
          id: 'key_2',
          role: 'admin',
          merchant_id: null,
          name: null,
          key_hash: keyHash,
          created_at: now,
          revoked_at: null,
        },
      },
    ]);
  });

  it('marks a revoked key with the time it was revoked, leaving the rest as it was', () => {
    spec.when(created(), revoked({ key_id: 'key_1', revoked_at: later }, 'mer_a')).then([
      {
        op: 'put',
        collection: 'api_keys',
        doc: {
          id: 'key_1',
          role: 'merchant',
          merchant_id: 'mer_a',
          name: 'shop',
          key_hash: keyHash,
          created_at: now,
          revoked_at: null,
        },
      },
      { op: 'patch', collection: 'api_keys', id: 'key_1', set: { revoked_at: later } },
    ]);
  });

  it('ignores events that are not about API keys', () => {
    const deleted: EndpointDeleted['data'] = {
      endpoint_id: 'we_1',
      merchant_id: 'mer_a',
      deleted_at: now,
    };
    spec.ignores(recorded(endpointStream('we_1'), 'webhook_endpoint.deleted', deleted));
  });
});
