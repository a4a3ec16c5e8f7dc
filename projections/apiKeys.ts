import type { ApiKeyEvent } from '../domain/api-keys/apiKey.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { Change, Projection } from './projection.js';
import { collection } from './collection.js';

export const API_KEYS = collection<ApiKeyDoc>('api_keys');

/** The read model of API keys: what authentication looks up by hash and what the key list shows. */
export type ApiKeyDoc = {
  id: string;
  role: string;
  merchant_id: string | null;
  name: string | null;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
};

export const apiKeysProjection: Projection = {
  name: 'api_keys',
  collections: [{ name: API_KEYS, indexes: [['key_hash'], ['revoked_at', 'created_at']] }],
  filter: { typePrefixes: ['api_key.'] },
  project: (recorded): Change[] => {
    const event = recorded as RecordedEvent<ApiKeyEvent>;
    switch (event.type) {
      case 'api_key.created': {
        const doc: ApiKeyDoc = {
          id: event.data.key_id,
          role: event.data.role,
          merchant_id: event.data.merchant_id,
          name: event.data.name,
          key_hash: event.data.key_hash,
          created_at: event.data.created_at,
          revoked_at: null,
        };
        return [{ op: 'put', collection: API_KEYS, doc }];
      }
      case 'api_key.revoked':
        return [
          {
            op: 'patch',
            collection: API_KEYS,
            id: event.data.key_id,
            set: { revoked_at: event.data.revoked_at },
          },
        ];
      default:
        return [];
    }
  },
};
