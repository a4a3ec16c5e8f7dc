import type { PortalSessionsExpired } from '../../../domain/portal/portalExpiry.js';
import { portalExpiryDecider } from '../../../domain/portal/portalExpiry.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(portalExpiryDecider);

const expired = (at: string): PortalSessionsExpired => ({
  type: 'portal_sessions.expired',
  data: { merchant_id: 'mer_a', expired_before: at },
});

describe('portal expiry decider', () => {
  it('cuts off every session of the merchant created until now', () => {
    spec
      .given([])
      .when({
        type: 'expire_portal_sessions',
        merchant_id: 'mer_a',
        now: '2026-01-01T00:00:00.000Z',
      })
      .then([expired('2026-01-01T00:00:00.000Z')]);
  });

  it('moves a later cut-off forward', () => {
    spec
      .given([expired('2026-01-01T00:00:00.000Z')])
      .when({
        type: 'expire_portal_sessions',
        merchant_id: 'mer_a',
        now: '2026-01-02T00:00:00.000Z',
      })
      .then([expired('2026-01-02T00:00:00.000Z')]);
  });

  it('never moves the cut-off back, whatever the clock says', () => {
    spec
      .given([expired('2026-01-02T00:00:00.000Z')])
      .when({
        type: 'expire_portal_sessions',
        merchant_id: 'mer_a',
        now: '2026-01-01T00:00:00.000Z',
      })
      .then([expired('2026-01-02T00:00:00.000Z')]);
  });
});
