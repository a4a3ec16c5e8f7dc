import { expect } from 'chai';
import { memoryClaims } from '../../../adapters/claims/memory/memoryClaims.js';
import type { Claims } from '../../../adapters/claims/port.js';
import { httpSender } from '../../../adapters/delivery/http/httpSender.js';
import { startTestReceiver } from '../../support/receiver.js';
import { serviceWithOwnDispatcher } from '../../support/ownDispatcher.js';

/** Claims whose store fails its first `failures` claims, as a database that dropped a connection. */
const failingClaims = (failures: number): Claims & { failed: () => number } => {
  const claims = memoryClaims();
  let failed = 0;
  return {
    ...claims,
    claim: (key, owner, leaseMs) => {
      if (failed < failures) {
        failed++;
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return claims.claim(key, owner, leaseMs);
    },
    failed: () => failed,
  };
};

describe('delivery: the dispatcher when its claims store fails', function () {
  this.timeout(30_000);

  it('gives back the slots and rate places of a try whose claim threw, and delivers once the store answers', async () => {
    const http = httpSender({ allowPrivate: true, connectionsPerOrigin: 4 });
    const receiver = await startTestReceiver(() => ({ status: 204 }));
    // The endpoint has one slot (SLUICE_ENDPOINT_CONCURRENCY=1): a slot kept by a failed claim
    // would leave it none.
    const claims = failingClaims(3);
    const service = await serviceWithOwnDispatcher(http, { claims });
    try {
      const endpoint = await service.api.post('/v1/webhooks', service.admin, {
        merchant_id: 'mer_acme',
        url: receiver.url,
        rate_limit_per_s: 1000,
      });
      expect(endpoint.status, endpoint.text).to.equal(201);
      const published = await service.api.post('/v1/events', service.admin, {
        type: 'order.created',
        merchant_id: 'mer_acme',
        data: {},
      });
      expect(published.status, published.text).to.equal(201);
      await receiver.waitFor(1, 20_000);
      expect(claims.failed()).to.equal(3);
    } finally {
      await service.stop();
      await receiver.close();
      await http.close();
    }
  });
});
