import { expect } from 'chai';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { signInToConsole } from './support/signIn.js';

/** Its receiver failed the first tries, then took every message: listed first by name. */
const RECOVERED = 'mer_health_a_recovered';
/** Its receiver answers 500 to everything. */
const DOWN = 'mer_health_b_down';

type Stats = {
  messages: { pending: number; succeeded: number; failed: number };
  failing_streak: { failed_attempts: number } | null;
};

const create = async (service: TestService, path: string, body: unknown) => {
  const answer = await service.api.post(path, service.admin, body);
  expect(answer.status, answer.text).to.equal(201);
  return answer.body;
};

/** The endpoint's statistics once `ready` says so, for up to 10 s. */
const statsWhen = async (service: TestService, id: string, ready: (stats: Stats) => boolean) => {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const stats = (await service.api.get(`/v1/webhooks/${id}/stats`, service.admin)).body as Stats;
    if (ready(stats)) return stats;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the statistics of ${id} never got there`);
};

browserSuite(
  'the console tells a failing endpoint from one that recovered',
  (world) => {
    const receivers: TestReceiver[] = [];
    after(() => Promise.all(receivers.map((receiver) => receiver.close())));

    it('counts and lists first only the endpoint whose latest attempts fail', async () => {
      const { service } = world();
      const flaky = await startTestReceiver((n) => ({ status: n < 3 ? 500 : 204 }));
      const down = await startTestReceiver(() => ({ status: 500 }));
      receivers.push(flaky, down);
      const type = await service.api.get('/v1/event-types/company.created', service.admin);
      const example: unknown = type.body.examples[0];
      const recovered = await create(service, '/v1/webhooks', {
        merchant_id: RECOVERED,
        url: `${flaky.url}/orders`,
        description: 'Orders',
      });
      const failing = await create(service, '/v1/webhooks', {
        merchant_id: DOWN,
        url: `${down.url}/orders`,
        description: 'Orders',
      });
      for (const merchant_id of [RECOVERED, DOWN])
        await create(service, '/v1/events', {
          type: 'company.created',
          merchant_id,
          data: example,
        });
      // Every message delivered after three failures, nothing pending or failed.
      await statsWhen(
        service,
        recovered.id as string,
        (s) => s.messages.succeeded === 1 && s.messages.pending === 0,
      );
      await statsWhen(
        service,
        failing.id as string,
        (s) => (s.failing_streak?.failed_attempts ?? 0) >= 3,
      );

      const tab = await openTab(world().browser, DESKTOP);
      try {
        const { page } = tab;
        await signInToConsole(page, service, service.admin);
        await page.goto(`${service.url}/console#/merchants`);
        const cards = page.locator('.merchant-card');
        await cards.nth(1).waitFor();
        expect(await cards.first().getByRole('heading').textContent()).to.equal(DOWN);
        const broken = cards.first().getByRole('listitem');
        expect(await broken.textContent()).to.include('Failing');
        expect(await cards.first().textContent()).to.include('1 needs attention');

        const healed = cards.nth(1);
        expect(await healed.getByRole('heading').textContent()).to.equal(RECOVERED);
        const row = await healed.getByRole('listitem').textContent();
        expect(row).to.not.include('Failing');
        expect(row).to.include('Recovered').and.include('3 of 4 attempts failed');
        expect(await healed.textContent()).to.include('All fine');

        const tiles = page.locator('.summary-tiles');
        expect(
          await tiles.locator('div', { hasText: 'Failing now' }).locator('dd').textContent(),
        ).to.equal('1');
        await expectAccessible(page, 'the merchants, one failing and one recovered');
        await screenshot(page, 'console-merchants-recovered');
        expect(tab.faults).to.deep.equal([]);
      } finally {
        await tab.close();
      }
    });
  },
  { SLUICE_RETRY_SCHEDULE_S: '0.1,0.1,0.1,0.1,0.1,0.1' },
);
