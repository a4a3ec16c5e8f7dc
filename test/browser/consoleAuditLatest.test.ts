import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { TestService } from '../support/testService.js';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { signInToConsole } from './support/signIn.js';

const MERCHANT = 'mer_audit_latest';

type Entry = { id: string; type: string; position: string };

/** The newest events of the log through a query, newest first. */
const newestOf = async (service: TestService, query: string, limit: number): Promise<Entry[]> => {
  const page = await service.api.get(
    `/v1/audit/events?direction=backward&limit=${limit}${query}`,
    service.admin,
  );
  expect(page.status, page.text).to.equal(200);
  return page.body.data as Entry[];
};

const publish = async (service: TestService, data: unknown) => {
  const published = await service.api.post('/v1/events', service.admin, {
    type: 'company.created',
    merchant_id: MERCHANT,
    data,
  });
  expect(published.status, published.text).to.equal(201);
};

/** The ids of the events the page lists, in its order. */
const listedIds = (page: Page) =>
  page
    .getByRole('list', { name: 'Events' })
    .locator('.audit-event-facts div:first-child code')
    .allTextContents();

browserSuite('the console’s audit log from its latest events', (world) => {
  it('jumps to the latest events, newest first, and reads on to older ones', async () => {
    const { service } = world();
    const type = await service.api.get('/v1/event-types/company.created', service.admin);
    for (let i = 0; i < 60; i++) await publish(service, type.body.examples[0]);
    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await signInToConsole(page, service, service.admin);
      await page.goto(`${service.url}/console#/audit`);
      await page.getByRole('heading', { name: /The whole log, oldest first/ }).waitFor();
      const oldest = await listedIds(page);
      expect(oldest).to.have.length(50);

      await page.getByRole('link', { name: 'Jump to latest' }).first().click();
      await page.getByRole('heading', { name: /The whole log, newest first/ }).waitFor();
      expect(page.url()).to.include('order=newest');
      const latest = await newestOf(service, '', 100);
      expect(await listedIds(page)).to.deep.equal(latest.slice(0, 50).map((e) => e.id));
      expect(await listedIds(page)).to.not.include(oldest[0]);
      await expectAccessible(page, 'the audit log from its latest events');
      await screenshot(page, 'console-audit-latest');

      await page.getByRole('button', { name: 'Load older' }).click();
      for (let waited = 0; (await listedIds(page)).length < 100 && waited < 10_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await listedIds(page)).to.deep.equal(latest.map((e) => e.id));

      // A filter applied keeps the order; an event published since comes first on a fresh read.
      await page.getByLabel('Merchant').fill(MERCHANT);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page
        .getByRole('heading', { name: new RegExp(`Events of merchant ${MERCHANT}, newest first`) })
        .waitFor();
      await publish(service, type.body.examples[0]);
      await page.reload();
      await page.getByRole('list', { name: 'Events' }).waitFor();
      const [newest] = await newestOf(service, `&merchant_id=${MERCHANT}`, 1);
      expect((await listedIds(page))[0]).to.equal(newest!.id);

      await page.getByRole('link', { name: 'Oldest first' }).click();
      await page
        .getByRole('heading', { name: new RegExp(`Events of merchant ${MERCHANT}, oldest first`) })
        .waitFor();
      expect(page.url()).to.not.include('order=newest');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
