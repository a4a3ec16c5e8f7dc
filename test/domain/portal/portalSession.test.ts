import { expect } from 'chai';
import { grantedCapabilities } from '../../../domain/portal/capabilities.js';
import type {
  CreatePortalSession,
  ExchangePortalCode,
  PortalSessionCreated,
  PortalSessionExchanged,
} from '../../../domain/portal/portalSession.js';
import { portalSessionDecider } from '../../../domain/portal/portalSession.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(portalSessionDecider);
const createdAt = '2026-01-01T00:00:00.000Z';
const expiresAt = '2026-01-01T01:00:00.000Z';

const create: CreatePortalSession = {
  type: 'create_portal_session',
  session_id: 'ps_1',
  merchant_id: 'mer_a',
  capabilities: ['view', 'send'],
  code_hash: 'ab'.repeat(32),
  now: createdAt,
  expires_at: expiresAt,
};

const created: PortalSessionCreated = {
  type: 'portal_session.created',
  data: {
    session_id: 'ps_1',
    merchant_id: 'mer_a',
    capabilities: ['view', 'send'],
    code_hash: 'ab'.repeat(32),
    created_at: createdAt,
    expires_at: expiresAt,
  },
};

const exchange = (overrides: Partial<ExchangePortalCode> = {}): ExchangePortalCode => ({
  type: 'exchange_portal_code',
  token_hash: 'cd'.repeat(32),
  now: '2026-01-01T00:10:00.000Z',
  expired_before: null,
  ...overrides,
});

const exchanged: PortalSessionExchanged = {
  type: 'portal_session.exchanged',
  data: {
    session_id: 'ps_1',
    merchant_id: 'mer_a',
    token_hash: 'cd'.repeat(32),
    exchanged_at: '2026-01-01T00:10:00.000Z',
  },
};

describe('portal session decider', () => {
  it('creates a session with the hash of its code', () => {
    spec.given([]).when(create).then([created]);
  });

  it('refuses to create a session twice', () => {
    spec.given([created]).when(create).thenFails('conflict');
  });

  it('exchanges the code of a live session for a token, by its hash', () => {
    spec.given([created]).when(exchange()).then([exchanged]);
  });

  it('exchanges a code once: a second exchange is refused', () => {
    spec.given([created, exchanged]).when(exchange()).thenFails('unauthorized');
  });

  it('refuses an exchange for a session that does not exist', () => {
    spec.given([]).when(exchange()).thenFails('unauthorized');
  });

  it('refuses an exchange at or after the session expires', () => {
    spec
      .given([created])
      .when(exchange({ now: expiresAt }))
      .thenFails('unauthorized');
    spec
      .given([created])
      .when(exchange({ now: '2026-01-02T00:00:00.000Z' }))
      .thenFails('unauthorized');
    spec
      .given([created])
      .when(exchange({ now: '2026-01-01T00:59:59.999Z' }))
      .then([
        { ...exchanged, data: { ...exchanged.data, exchanged_at: '2026-01-01T00:59:59.999Z' } },
      ]);
  });

  it('refuses the code of a session its merchant expired, and not one created after', () => {
    spec
      .given([created])
      .when(exchange({ expired_before: createdAt }))
      .thenFails('unauthorized');
    spec
      .given([created])
      .when(exchange({ expired_before: '2026-01-01T00:05:00.000Z' }))
      .thenFails('unauthorized');
    spec
      .given([created])
      .when(exchange({ expired_before: '2025-12-31T23:59:59.999Z' }))
      .then([exchanged]);
  });
});

describe('portal capabilities', () => {
  it('grants every capability when none are asked for', () => {
    expect(grantedCapabilities(undefined)).to.deep.equal([
      'view',
      'manage_endpoints',
      'view_secret',
      'rotate_secret',
      'send',
    ]);
  });

  it('always grants view, once, in a stable order', () => {
    expect(grantedCapabilities([])).to.deep.equal(['view']);
    expect(grantedCapabilities(['send', 'manage_endpoints', 'send'])).to.deep.equal([
      'view',
      'manage_endpoints',
      'send',
    ]);
  });
});
