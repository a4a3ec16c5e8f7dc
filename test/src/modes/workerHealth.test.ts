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
  it('answers not ready, naming the worker, while one of its loops fails, and ready once it recovers', async () => {
    const service = await startTestService();
    const health = await startWorkerHealth(service.services, { port: 0, host: '127.0.0.1' });
    try {
      const error = new Error('Connection terminated unexpectedly');
      service.services.health.report('planner', { error, failures: 3 });
      for (const url of [`${health.url}/readyz`, `${service.url}/readyz`]) {
        const res = await fetch(url);
        expect(res.status, url).to.equal(503);
        expect(res.headers.get('retry-after'), url).to.equal('1');
        const body = (await res.json()) as { detail: string; workers_failing: unknown[] };
        expect(body.detail, url).to.include('planner');
        expect(body.workers_failing, url).to.have.length(1);
        expect(body.workers_failing[0], url).to.include({
          worker: 'planner',
          failures: 3,
          error: 'Connection terminated unexpectedly',
        });
      }
      service.services.health.report('planner', undefined);
      expect((await fetch(`${health.url}/readyz`)).status).to.equal(200);
      expect((await fetch(`${service.url}/readyz`)).status).to.equal(200);
    } finally {
      await health.close();
      await service.stop();
    }
  });
});
