import { expect } from 'chai';
import { request } from 'node:http';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { startWorkerHealth } from '../../src/modes/workerHealth.js';
import { startTestService } from '../support/testService.js';

const TOKEN = 'scraper-token-0123456789-abcdefghij-klmnop';
const BURST = 4;

/** One scrape of `/metrics` on a fresh connection from `localAddress`: its status and Retry-After. */
const scrape = (base: string, localAddress: string, token: string) =>
  new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
    const req = request(`${base}/metrics`, {
      localAddress,
      agent: false,
      headers: { authorization: `Bearer ${token}` },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          retryAfter: res.headers['retry-after'],
        }),
      );
    });
    req.end();
  });

/**
 * The metrics token: a weak one stops the start, and wrong guesses are throttled per address as
 * unknown API keys are, on the API and on a worker's health port, the right token still answered.
 */
describe('the metrics token against guessing', function () {
  this.timeout(30_000);

  it('stops the start on a token too short to withstand guessing, naming the variable', async () => {
    for (const weak of ['metrics', 'x'.repeat(31), `${'x'.repeat(20)} ${'y'.repeat(20)}`]) {
      let error: unknown;
      try {
        loadConfig({ SLUICE_METRICS_TOKEN: weak });
      } catch (caught) {
        error = caught;
      }
      expect(error, weak).to.be.instanceOf(ConfigError);
      expect((error as ConfigError).variable).to.equal('SLUICE_METRICS_TOKEN');
      expect((error as ConfigError).message).to.not.include(weak);
    }
    expect(loadConfig({ SLUICE_METRICS_TOKEN: TOKEN }).metricsToken).to.equal(TOKEN);
    let refused: unknown;
    await startTestService({ SLUICE_METRICS_TOKEN: 'hunter2' }).then(
      (service) => service.stop(),
      (error: unknown) => (refused = error),
    );
    expect(refused).to.be.instanceOf(ConfigError);
  });

  it('holds back an address guessing wrong tokens, and still answers the right one from it', async () => {
    const service = await startTestService({
      SLUICE_METRICS_TOKEN: TOKEN,
      SLUICE_AUTH_FAILURE_BURST: String(BURST),
    });
    const health = await startWorkerHealth(service.services, { port: 0, host: '127.0.0.1' });
    try {
      for (const [base, guesser] of [
        [service.url, '127.0.0.31'],
        [health.url, '127.0.0.32'],
      ] as const) {
        const statuses: number[] = [];
        for (let i = 0; i <= BURST; i++)
          statuses.push((await scrape(base, guesser, `${TOKEN.slice(0, -2)}${i}`)).status);
        expect(statuses, base).to.deep.equal([...Array<number>(BURST).fill(401), 429]);
        const held = await scrape(base, guesser, 'wrong');
        expect(held.status).to.equal(429);
        expect(Number(held.retryAfter)).to.be.within(1, 60);
        expect((await scrape(base, guesser, TOKEN)).status, base).to.equal(200);
        // Another address is not held back.
        expect((await scrape(base, '127.0.0.33', 'wrong')).status).to.equal(401);
      }
    } finally {
      await health.close();
      await service.stop();
    }
  });
});
