import type {
  PortalSessionCreated,
  PortalSessionExchanged,
} from '../../domain/portal/portalSession.js';
import { portalSessionStream } from '../../domain/portal/portalSession.js';
import type { PortalSessionsExpired } from '../../domain/portal/portalExpiry.js';
import { portalExpiryStream } from '../../domain/portal/portalExpiry.js';
import { apiKeyStream } from '../../domain/api-keys/apiKey.js';
import { portalSessionsProjection } from '../../projections/portalSessions.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(portalSessionsProjection);
const meta = { metadata: { merchant_id: 'mer_a' } };

const createdData: PortalSessionCreated['data'] = {
  session_id: 'ps_1',
  merchant_id: 'mer_a',
  capabilities: ['view'],
  code_hash: 'ab'.repeat(32),
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-01T01:00:00.000Z',
};
const exchangedData: PortalSessionExchanged['data'] = {
  session_id: 'ps_1',
  merchant_id: 'mer_a',
  token_hash: 'cd'.repeat(32),
  exchanged_at: '2026-01-01T00:10:00.000Z',
};
const expiredData: PortalSessionsExpired['data'] = {
  merchant_id: 'mer_a',
  expired_before: '2026-01-01T00:20:00.000Z',
};

describe('portal sessions projection', () => {
  it('keeps a new session findable by the hash of its code, without a token yet', () => {
    spec
      .when(recorded(portalSessionStream('ps_1'), 'portal_session.created', createdData, meta))
      .then([
        {
          op: 'put',
          collection: 'portal_sessions',
          fresh: true,
          doc: {
            id: 'ps_1',
            merchant_id: 'mer_a',
            capabilities: ['view'],
            code_hash: 'ab'.repeat(32),
            token_hash: null,
            created_at: '2026-01-01T00:00:00.000Z',
            expires_at: '2026-01-01T01:00:00.000Z',
            exchanged_at: null,
          },
        },
      ]);
  });

  it('makes an exchanged session findable by the hash of its token', () => {
    spec
      .when(
        recorded(portalSessionStream('ps_1'), 'portal_session.exchanged', exchangedData, {
          ...meta,
          revision: 1,
        }),
      )
      .then([
        {
          op: 'patch',
          collection: 'portal_sessions',
          id: 'ps_1',
          set: { token_hash: 'cd'.repeat(32), exchanged_at: '2026-01-01T00:10:00.000Z' },
        },
      ]);
  });

  it('keeps the merchant’s latest cut-off, one document per merchant', () => {
    spec
      .when(recorded(portalExpiryStream('mer_a'), 'portal_sessions.expired', expiredData, meta))
      .then([
        {
          op: 'put',
          collection: 'portal_cutoffs',
          doc: { id: 'mer_a', expired_before: '2026-01-01T00:20:00.000Z' },
        },
      ]);
  });

  it('ignores other events', () => {
    spec.ignores(recorded(apiKeyStream('key_1'), 'api_key.revoked', { key_id: 'key_1' }));
  });
});
