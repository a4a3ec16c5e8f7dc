import { expect } from 'chai';
import { startWorkerHealth } from '../../../src/modes/workerHealth.js';
import { startTestService } from '../../support/testService.js';

describe('the health checks of a worker process (no API)', () => {
  it('answers ready while its stores answer, and 503 once they do not', async () => {
    const service = await startTestService();
    const health = await startWorkerHealth(service.services, { port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(`${health.url}/healthz`)).status).to.equal(200);
      const ready = await fetch(`${health.url}/readyz`);
      expect(ready.status).to.equal(200);
      expect(await ready.json()).to.deep.include({ status: 'ready' });
      const metrics = await fetch(`${health.url}/metrics`);
      expect(await metrics.text()).to.contain('sluice_delivery_queue_depth');

      // The stores are closed under it, as when its servers are out of reach.
      await service.stop();
      expect((await fetch(`${health.url}/healthz`)).status).to.equal(200);
      expect((await fetch(`${health.url}/readyz`)).status).to.equal(503);
    } finally {
      await health.close();
    }
  });
});
