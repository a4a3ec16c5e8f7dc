import { expect } from 'chai';
import { verifies } from '../support/receiver.js';
import { expectAccessible } from './support/axe.js';
import { openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { openPortal } from './support/signIn.js';
import {
  MERCHANT,
  makeEndpoint,
  adminGet,
  publish,
  receivedAt,
  disabledFor,
  openEndpoint,
  expectNoFaults,
  inputValues,
} from './support/portalEndpoints.js';

browserSuite('the portal’s endpoints in a browser', (world) => {
  it('creates an endpoint from the grouped picker, shows its secret, and the secret verifies a delivery', async () => {
    const { service, receiver, browser } = world();
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPortal(page, service, MERCHANT);
      await page.getByRole('link', { name: 'Add endpoint' }).click();
      await page.getByRole('heading', { name: 'Add endpoint' }).waitFor();

      // The API's field faults show on the field they concern.
      await page.getByLabel('Endpoint URL').fill('ftp://files.example.com/hooks');
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      const urlField = page.getByLabel('Endpoint URL');
      await page.locator('input[aria-invalid="true"]').waitFor();
      expect(await urlField.getAttribute('aria-invalid')).to.equal('true');

      const url = `${receiver.url}/created`;
      await urlField.fill(url);
      await page.getByLabel('Description').fill('Orders and invoices for the ERP');
      await page.getByRole('radio', { name: /Only the types I pick/ }).check();
      const group = (prefix: string) =>
        page.locator('fieldset.type-group', {
          has: page.getByRole('checkbox', { name: `All ${prefix} types` }),
        });
      // Groups open on demand, and a search opens the ones it finds.
      await group('order.*')
        .getByRole('button', { name: /order\.\* types picked/ })
        .click();
      await group('order.*').getByRole('checkbox', { name: 'order.created', exact: true }).check();
      await page.getByLabel('Find an event type').fill('invoice.iss');
      await group('invoice.*')
        .getByRole('checkbox', { name: 'invoice.issued', exact: true })
        .check();
      await page.getByLabel('Find an event type').fill('');
      await page.getByRole('button', { name: 'Example of order.created' }).click();
      const example = page.getByRole('figure', { name: 'Example data of order.created' });
      expect(await example.textContent()).to.include('amount_total');
      expect(await group('invoice.*').textContent()).to.include('1 of 4');
      await expectAccessible(page, 'the portal’s new endpoint form');
      await screenshot(page, 'portal-endpoint-create');

      await page.getByRole('button', { name: 'Create endpoint' }).click();
      await page.getByRole('heading', { name: url, level: 1 }).waitFor();
      const shown = page.locator('.secret-value');
      await page.locator('.secret-value:not(.secret-hidden)').waitFor();
      const secret = (await shown.textContent())!;
      expect(secret).to.match(/^whsec_/);

      const listed = await adminGet(service, `/v1/webhooks?merchant_id=${MERCHANT}`);
      const created = listed.data.find((e: { url: string }) => e.url === url);
      expect(created.filter_types).to.deep.equal(['order.created', 'invoice.issued']);
      expect(created.description).to.equal('Orders and invoices for the ERP');
      expect(page.url()).to.include(`#/endpoints/${created.id}`);
      expect((await adminGet(service, `/v1/webhooks/${created.id}/secret`)).key).to.equal(secret);
      await expectAccessible(page, 'the portal’s endpoint just created');
      await screenshot(page, 'portal-endpoint-created-secret');

      await publish(service, 'order.confirmed', { order_id: 'ord_not_subscribed' });
      await publish(service, 'order.created', { order_id: 'ord_browser_1', amount_total: 4200 });
      const delivery = await receivedAt(receiver, '/hooks/created');
      expect(delivery.body.type).to.equal('order.created');
      expect(delivery.body.data.order_id).to.equal('ord_browser_1');
      expect(verifies(delivery, secret)).to.equal(true);
      expect(receiver.received.filter((r) => r.path === '/hooks/created')).to.have.length(1);
      expectNoFaults(tab);
    } finally {
      await tab.close();
    }
  });

  it('edits the filter after testing it, adds a sealed header, and deliveries follow', async () => {
    const { service, receiver, browser } = world();
    const url = `${receiver.url}/settings`;
    const endpoint = await makeEndpoint(service, url, { filter_types: ['order.created'] });
    await makeEndpoint(service, `${receiver.url}/paused`, { disabled: true });
    // An endpoint that answers 410 Gone is disabled by the service: the list must say so.
    receiver.setBehaviour((_, request) => ({ status: request.path.endsWith('/gone') ? 410 : 200 }));
    const gone = await makeEndpoint(service, `${receiver.url}/gone`, {
      filter_types: ['order.confirmed'],
    });
    await publish(service, 'order.confirmed', { order_id: 'ord_for_a_gone_endpoint' });
    await disabledFor(service, gone.id, 'gone');
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPortal(page, service, MERCHANT);
      const list = page.getByRole('table', { name: 'Endpoints' });
      expect(await list.textContent()).to.include('Disabled: gone (410)');
      await page.getByText('1 endpoint no longer receives events.').waitFor();
      await expectAccessible(page, 'the portal’s endpoint list');
      await screenshot(page, 'portal-endpoints-list');
      await list.getByRole('link', { name: url }).click();
      await page.getByRole('heading', { name: url, level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'Settings' }).click();

      const filter = page.getByLabel('Filter (JSONata)');
      await filter.fill('data.amount_total >');
      await page.getByRole('button', { name: 'Test filter' }).click();
      const tester = page.getByRole('group', { name: 'Test the filter' });
      await tester.getByRole('alert').waitFor();
      await filter.fill('data.amount_total > 10000');
      expect(await page.getByLabel('Event type', { exact: true }).inputValue()).to.equal(
        'order.created',
      );
      await page.getByRole('button', { name: 'Test filter' }).click();
      const outcomes = page.getByRole('list', { name: 'Test results, newest first' });
      await outcomes.getByText('Matches').waitFor();
      await page.getByLabel('Event data (JSON)').fill('{ "amount_total": 500 }');
      await page.getByRole('button', { name: 'Test filter' }).click();
      await outcomes.getByText('Does not match').waitFor();
      expect(await outcomes.locator('li').allTextContents()).to.have.length(2);

      await page.getByRole('button', { name: 'Add header' }).click();
      await page.getByLabel('Header 1 name').fill('Authorization');
      await page.getByLabel('Header 1 value').fill('Bearer s3cr3t-header-value');
      await page.getByLabel('Rate limit (per second)').fill('25');
      await page.getByLabel('Ordering').selectOption('fifo');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').getByText('Saved.').waitFor();
      await page.getByText('Hidden: kept as saved').waitFor();

      const saved = await adminGet(service, `/v1/webhooks/${endpoint.id}`);
      expect(saved.filter).to.equal('data.amount_total > 10000');
      expect(saved.headers).to.deep.equal({ Authorization: '[redacted]' });
      expect([saved.rate_limit_per_s, saved.ordering]).to.deep.equal([25, 'fifo']);
      expect(await page.content()).to.not.include('s3cr3t-header-value');
      expect(await inputValues(page)).to.not.include('s3cr3t-header-value');
      await expectAccessible(page, 'the portal’s endpoint settings');
      await screenshot(page, 'portal-endpoint-settings');

      await publish(service, 'order.created', { order_id: 'ord_small', amount_total: 500 });
      await publish(service, 'order.created', { order_id: 'ord_large', amount_total: 25000 });
      const delivery = await receivedAt(receiver, '/hooks/settings');
      expect(delivery.body.data.order_id).to.equal('ord_large');
      expect(delivery.headers.authorization).to.equal('Bearer s3cr3t-header-value');
      expectNoFaults(tab);
    } finally {
      await tab.close();
    }
  });

  it('reveals the secret, then rotates it, showing the one the API now signs with', async () => {
    const { service, receiver, browser } = world();
    const endpoint = await makeEndpoint(service, `${receiver.url}/secret`);
    const before = (await adminGet(service, `/v1/webhooks/${endpoint.id}/secret`)).key;
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPortal(page, service, MERCHANT);
      await openEndpoint(page, endpoint.id, endpoint.url);
      await page.getByRole('tab', { name: 'Secret' }).click();
      await page.getByRole('button', { name: 'Reveal secret' }).click();
      const shown = page.locator('.secret-value');
      await page.getByRole('button', { name: 'Copy' }).waitFor();
      expect(await shown.textContent()).to.equal(before);

      await page.getByRole('button', { name: 'Rotate secret…' }).click();
      const confirm = page.getByRole('group', { name: /Rotate the signing secret/ });
      await confirm.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByText(/signed with the previous secret until/).waitFor();
      // Polled from here: the page's policy forbids evaluating a string predicate in it.
      for (let waited = 0; (await shown.textContent()) === before; waited += 50) {
        expect(waited, 'the new secret shown').to.be.below(10_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const after = (await adminGet(service, `/v1/webhooks/${endpoint.id}/secret`)).key;
      expect(after).to.not.equal(before);
      expect(await shown.textContent()).to.equal(after);
      await expectAccessible(page, 'the portal’s endpoint secret');
      await screenshot(page, 'portal-endpoint-secret');
      expectNoFaults(tab);
    } finally {
      await tab.close();
    }
  });
});
