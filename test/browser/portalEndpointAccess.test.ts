import { expect } from 'chai';
import { expectAccessible } from './support/axe.js';
import { openTab, PHONE } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { openPortal } from './support/signIn.js';
import {
  MERCHANT,
  makeEndpoint,
  adminGet,
  openEndpoint,
  expectNoFaults,
} from './support/portalEndpoints.js';

browserSuite(
  'the portal’s endpoints: what a session may see and do, the catalog, a phone',
  (world) => {
    it('shows a view-only session no way to change anything, and the API refuses it too', async () => {
      const { service, receiver, browser } = world();
      const endpoint = await makeEndpoint(service, `${receiver.url}/view-only`);
      const tab = await openTab(browser);
      try {
        const { page } = tab;
        await openPortal(page, service, MERCHANT, ['view']);
        expect(await page.getByRole('link', { name: 'Add endpoint' }).count()).to.equal(0);
        await openEndpoint(page, endpoint.id, endpoint.url);
        expect(await page.getByRole('button', { name: /able endpoint/ }).count()).to.equal(0);
        await page.getByRole('tab', { name: 'Settings' }).click();
        await page.getByText('Your portal link lets you view these settings.').waitFor();
        expect(await page.getByRole('button', { name: 'Save changes' }).count()).to.equal(0);
        expect(await page.getByRole('button', { name: /Delete endpoint/ }).count()).to.equal(0);
        await expectAccessible(page, 'the portal’s read-only settings');
        await screenshot(page, 'portal-endpoint-settings-read-only');
        await page.getByRole('tab', { name: 'Secret' }).click();
        await page.getByText('does not include viewing the signing secret').waitFor();
        expect(await page.getByRole('button', { name: /Reveal|Rotate/ }).count()).to.equal(0);

        const kept = await page.evaluate<string>(`sessionStorage.getItem('sluice.portal.session')`);
        const token = (JSON.parse(kept) as { token: string }).token;
        const refused = await service.api.post('/v1/webhooks', token, {
          url: `${receiver.url}/no`,
        });
        expect(refused.status, refused.text).to.equal(403);
        expectNoFaults(tab);
      } finally {
        await tab.close();
      }
    });

    it('never shows another merchant’s endpoint, and says so for a deleted one', async () => {
      const { service, receiver, browser } = world();
      const theirs = await service.api.post('/v1/webhooks', service.admin, {
        merchant_id: 'mer_browser_someone_else',
        url: `${receiver.url}/theirs`,
      });
      expect(theirs.status, theirs.text).to.equal(201);
      const mine = await makeEndpoint(service, `${receiver.url}/to-delete`);
      const tab = await openTab(browser);
      try {
        const { page } = tab;
        await openPortal(page, service, MERCHANT);
        const list = await page.getByRole('table', { name: 'Endpoints' }).textContent();
        expect(list).to.include('/to-delete').and.not.include('/theirs');

        await openEndpoint(page, mine.id, mine.url);
        await page.getByRole('button', { name: 'Disable endpoint' }).click();
        await page.getByRole('button', { name: 'Enable endpoint' }).waitFor();
        expect((await adminGet(service, `/v1/webhooks/${mine.id}`)).disabled).to.equal(true);
        await page.getByRole('tab', { name: 'Settings' }).click();
        await page.getByRole('button', { name: 'Delete endpoint…' }).click();
        const confirm = page.getByRole('group', { name: /Delete the endpoint/ });
        await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
        await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
        const gone = await service.api.get(`/v1/webhooks/${mine.id}`, service.admin);
        expect(gone.status).to.equal(404);

        for (const id of [theirs.body.id as string, mine.id]) {
          await page.evaluate(`location.hash = '#/endpoints/${id}'`);
          await page.getByRole('heading', { name: 'Endpoint not found' }).waitFor();
          expect(await page.locator('main').textContent()).to.include(id);
        }
        await expectAccessible(page, 'the portal’s endpoint not found');
        await screenshot(page, 'portal-endpoint-not-found');
        expectNoFaults(tab);
      } finally {
        await tab.close();
      }
    });

    it('shows the event catalog by prefix, with a type’s schema and example', async () => {
      const { service, browser } = world();
      const deprecated = await service.api.post('/v1/event-types/invoice.sent', service.admin, {
        deprecated: true,
      });
      expect(deprecated.status, deprecated.text).to.equal(200);
      const tab = await openTab(browser);
      try {
        const { page } = tab;
        await openPortal(page, service, MERCHANT);
        await page.getByRole('link', { name: 'Event catalog' }).click();
        await page.getByRole('rowheader', { name: /invoice\.\*/ }).waitFor();
        await page.getByLabel('Search event types').fill('order.cr');
        await page.getByRole('button', { name: 'order.created' }).click();
        const schema = page.getByRole('figure', { name: 'Schema of order.created' });
        expect(await schema.textContent()).to.include('"type": "object"');
        const example = page.getByRole('figure', { name: 'Example 1 of order.created' });
        expect(await example.textContent()).to.include('amount_total');
        expect(await page.getByRole('button', { name: 'invoice.issued' }).count()).to.equal(0);
        await expectAccessible(page, 'the portal’s event catalog, a type opened');
        await screenshot(page, 'portal-event-catalog-detail');

        await page.getByLabel('Search event types').fill('invoice');
        const sent = page.getByRole('row', { name: /invoice\.sent/ });
        expect(await sent.textContent()).to.include('Deprecated');
        // A deprecated type is not offered to a new endpoint.
        await page.evaluate(`location.hash = '#/endpoints/new'`);
        await page.getByRole('radio', { name: /Only the types I pick/ }).check();
        await page.getByLabel('Find an event type').fill('invoice');
        await page.getByRole('checkbox', { name: 'invoice.issued', exact: true }).waitFor();
        expect(await page.getByRole('checkbox', { name: 'invoice.sent' }).count()).to.equal(0);
        expectNoFaults(tab);
      } finally {
        await tab.close();
      }
    });

    it('fits an endpoint’s page on a phone, in the dark theme', async () => {
      const { service, receiver, browser } = world();
      const endpoint = await makeEndpoint(
        service,
        `${receiver.url}/phone/a-rather-long-path/for-phones`,
        {
          description: 'Warehouse notifications',
          filter_types: ['order.created', 'order.confirmed'],
          headers: { 'X-Api-Key': 'k_123', 'X-Team': 'logistics' },
        },
      );
      const link = await service.api.post('/v1/portal/sessions', service.admin, {
        merchant_id: MERCHANT,
      });
      const tab = await openTab(browser, PHONE);
      try {
        const { page } = tab;
        await page.goto(`${service.url}/portal?theme=dark${new URL(link.body.url).hash}`);
        await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
        await openEndpoint(page, endpoint.id, endpoint.url);
        const fits = () => page.evaluate('document.documentElement.scrollWidth <= innerWidth');
        expect(await fits()).to.equal(true);
        await screenshot(page, 'portal-endpoint-dark-phone');
        await expectAccessible(page, 'the portal’s endpoint page, dark, phone');
        await page.getByRole('tab', { name: 'Settings' }).click();
        await page.getByRole('button', { name: 'Save changes' }).waitFor();
        expect(await fits()).to.equal(true);
        await screenshot(page, 'portal-endpoint-settings-dark-phone');
        await expectAccessible(page, 'the portal’s endpoint settings, dark, phone');

        await page.evaluate(`location.hash = '#/endpoints/new'`);
        await page.getByRole('radio', { name: /Only the types I pick/ }).check();
        await page.getByRole('button', { name: /order\.\* types picked/ }).click();
        expect(await fits()).to.equal(true);
        await screenshot(page, 'portal-endpoint-create-dark-phone');
        await expectAccessible(page, 'the portal’s new endpoint form, dark, phone');
        await page.getByRole('link', { name: 'Event catalog' }).click();
        await page.getByRole('button', { name: 'order.created' }).click();
        expect(await fits()).to.equal(true);
        await screenshot(page, 'portal-event-catalog-dark-phone');
        await expectAccessible(page, 'the portal’s event catalog, dark, phone');
        expectNoFaults(tab);
      } finally {
        await tab.close();
      }
    });
  },
);
