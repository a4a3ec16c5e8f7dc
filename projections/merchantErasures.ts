import type { MerchantDataErased } from '../domain/merchants/merchantErasure.js';
import { MERCHANT_STREAM_PREFIX } from '../domain/merchants/merchantErasure.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import { collection } from './collection.js';
import type { Projection } from './projection.js';

export const MERCHANT_ERASURES = collection<ErasureDoc>('merchant_erasures');

/** A merchant whose data was erased: when last, why, and how often (`GET /v1/admin/erasures`). */
export type ErasureDoc = {
  id: string;
  object: 'merchant_erasure';
  merchant_id: string;
  erased_at: string;
  reason: string;
  erasures: number;
};

export const merchantErasuresProjection: Projection = {
  name: 'merchant_erasures',
  collections: [{ name: MERCHANT_ERASURES, indexes: [['erased_at']] }],
  filter: { streamPrefixes: [MERCHANT_STREAM_PREFIX] },
  project: (recorded) => {
    const { data, revision } = recorded as RecordedEvent<MerchantDataErased>;
    return [
      {
        op: 'put',
        collection: MERCHANT_ERASURES,
        doc: {
          id: data.merchant_id,
          object: 'merchant_erasure',
          merchant_id: data.merchant_id,
          erased_at: data.erased_at,
          reason: data.reason,
          erasures: revision + 1,
        },
      },
    ];
  },
};
