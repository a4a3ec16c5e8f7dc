import { expect } from 'chai';
import { startWorkerHealth } from '../../../src/modes/workerHealth.js';
import { startTestService } from '../../support/testService.js';

const TOKEN = 'metrics-token-for-the-scraper-0123456789';

describe('the metrics behind SLUICE_METRICS_TOKEN', () => {
  it('are refused without the bearer token, on the API and on a worker’s health port', async () => {
    const service = await startTestService({ SLUICE_METRICS_TOKEN: TOKEN });
    const health = await startWorkerHealth(service.services, { port: 0, host: '127.0.0.1' });
    try {
      for (const base of [service.url, health.url]) {
        const scrape = (authorization?: string) =>
          fetch(`${base}/metrics`, authorization ? { headers: { authorization } } : {});
        for (const refused of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
          const answer = await scrape(refused);
          expect(answer.status, `${base} ${refused}`).to.equal(401);
          expect(await answer.text()).to.not.contain('sluice_');
        }
        const allowed = await scrape(`Bearer ${TOKEN}`);
        expect(allowed.status).to.equal(200);
        expect(await allowed.text()).to.contain('sluice_delivery_queue_depth');
      }
      const problem = await fetch(`${service.url}/metrics`);
      expect(problem.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(await problem.json()).to.include({ code: 'unauthorized' });
    } finally {
      await health.close();
      await service.stop();
    }
  });

  it('are open when no token is set', async () => {
    const service = await startTestService();
    try {
      expect((await fetch(`${service.url}/metrics`)).status).to.equal(200);
    } finally {
      await service.stop();
    }
  });
});
