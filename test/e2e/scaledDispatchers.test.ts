import { expect } from 'chai';
import { httpSender } from '../../adapters/delivery/http/httpSender.js';
import { startDispatcher } from '../../src/delivery/dispatcher.js';
import { deliveryHarness, endpointWithSecret, publish } from '../support/delivery.js';

/**
 * Several dispatchers over one queue, as the distributed mode scales them: every one hears of every
 * planned delivery, and the claims let exactly one of them send each try.
 */
describe('delivery: dispatchers side by side', function () {
  this.timeout(30_000);
  const harness = deliveryHarness();

  it('sends each try once, however many dispatchers see it due', async () => {
    const extra = await Promise.all(
      [1, 2].map(() =>
        startDispatcher(
          harness.service.services,
          httpSender({ allowPrivate: true, connectionsPerOrigin: 16 }),
        ),
      ),
    );
    try {
      const hooks = await harness.receivers.start(() => ({ status: 200, delayMs: 20 }));
      await endpointWithSecret(harness.service, hooks.url);
      const events = await Promise.all(
        Array.from({ length: 40 }, (_, i) => publish(harness.service, 'order.created', { i })),
      );
      await hooks.waitFor(events.length);
      // Time for any second copy to arrive.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = hooks.received.map((delivery) => delivery.headers['webhook-id']);
      expect(ids).to.have.length(events.length);
      expect(new Set(ids)).to.deep.equal(new Set(events.map((event) => event.id)));
    } finally {
      await Promise.all(extra.map((dispatcher) => dispatcher.stop()));
    }
  });
});
