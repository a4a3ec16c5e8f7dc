import type { PortalExpiryEvent } from '../domain/portal/portalExpiry.js';
import type { PortalSessionEvent } from '../domain/portal/portalSession.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import { collection } from './collection.js';
import type { Change, Projection } from './projection.js';

export const PORTAL_SESSIONS = collection<PortalSessionDoc>('portal_sessions');
export const PORTAL_CUTOFFS = collection<PortalCutoffDoc>('portal_cutoffs');

/**
 * A portal session as the exchange and authentication look it up: by the hash of its code, then
 * by the hash of its token. Neither the code nor the token is kept.
 */
export type PortalSessionDoc = {
  id: string;
  merchant_id: string;
  capabilities: string[];
  code_hash: string;
  token_hash: string | null;
  created_at: string;
  expires_at: string;
  exchanged_at: string | null;
};

/** A merchant's latest expire-all: its sessions created at or before it no longer work. */
export type PortalCutoffDoc = { id: string; expired_before: string };

export const portalSessionsProjection: Projection = {
  name: 'portal_sessions',
  collections: [
    { name: PORTAL_SESSIONS, indexes: [['code_hash'], ['token_hash']] },
    { name: PORTAL_CUTOFFS, indexes: [] },
  ],
  filter: { typePrefixes: ['portal_session.', 'portal_sessions.'] },
  project: (recorded): Change[] => {
    const event = recorded as RecordedEvent<PortalSessionEvent | PortalExpiryEvent>;
    switch (event.type) {
      case 'portal_session.created': {
        const doc: PortalSessionDoc = {
          id: event.data.session_id,
          merchant_id: event.data.merchant_id,
          capabilities: event.data.capabilities,
          code_hash: event.data.code_hash,
          token_hash: null,
          created_at: event.data.created_at,
          expires_at: event.data.expires_at,
          exchanged_at: null,
        };
        return [{ op: 'put', collection: PORTAL_SESSIONS, doc, fresh: true }];
      }
      case 'portal_session.exchanged':
        return [
          {
            op: 'patch',
            collection: PORTAL_SESSIONS,
            id: event.data.session_id,
            set: { token_hash: event.data.token_hash, exchanged_at: event.data.exchanged_at },
          },
        ];
      case 'portal_sessions.expired': {
        const doc: PortalCutoffDoc = {
          id: event.data.merchant_id,
          expired_before: event.data.expired_before,
        };
        return [{ op: 'put', collection: PORTAL_CUTOFFS, doc }];
      }
      default:
        return [];
    }
  },
};
