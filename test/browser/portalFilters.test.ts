import { expect } from 'chai';
import { expectAccessible } from './support/axe.js';
import { openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { openPortal } from './support/signIn.js';

const MERCHANT = 'mer_browser_filters';
const SHIPPED = 'shop.parcel.shipped';
const RETURNED = 'shop.parcel.returned';

browserSuite('the portal’s filter, its tester and its warnings in a browser', (world) => {
  let endpointId: string;
  before(async () => {
    const { service, receiver } = world();
    const types: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      [
        SHIPPED,
        {
          parcel_id: { type: 'string' },
          carrier: { type: 'string' },
          weight_grams: { type: 'integer' },
        },
        { parcel_id: 'par_1', carrier: 'DHL', weight_grams: 800 },
      ],
      [
        RETURNED,
        { parcel_id: { type: 'string' }, reason: { type: 'string' } },
        { parcel_id: 'par_1', reason: 'damaged' },
      ],
    ];
    for (const [name, properties, example] of types) {
      const made = await service.api.post('/v1/event-types', service.admin, {
        name,
        description: `A parcel (${name})`,
        schema: { type: 'object', properties, required: Object.keys(properties) },
        examples: [example],
      });
      expect(made.status, made.text).to.equal(201);
    }
    const endpoint = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: MERCHANT,
      url: `${receiver.url}/parcels`,
      filter_types: [SHIPPED, RETURNED],
    });
    expect(endpoint.status, endpoint.text).to.equal(201);
    endpointId = endpoint.body.id as string;
  });

  const openSettings = async () => {
    const tab = await openTab(world().browser);
    await openPortal(tab.page, world().service, MERCHANT);
    await tab.page.evaluate(`window.location.hash = '#/endpoints/${endpointId}'`);
    await tab.page.getByRole('tab', { name: 'Settings' }).click();
    await tab.page.getByLabel('Filter (JSONata)').waitFor();
    return tab;
  };

  it('shows each test result with the expression it tested, and clears a refusal once a valid filter is saved', async () => {
    const tab = await openSettings();
    try {
      const { page } = tab;
      const filter = page.getByLabel('Filter (JSONata)');
      const tester = page.getByRole('group', { name: 'Test the filter' });
      const outcomes = page.getByRole('list', { name: 'Test results, newest first' });
      await filter.fill('data.weight_grams > 500');
      await tester.getByRole('button', { name: 'Test filter' }).click();
      await outcomes.getByText('Matches').waitFor();
      await filter.fill('data.weight_grams > 1000');
      await tester.getByRole('button', { name: 'Test filter' }).click();
      await outcomes.getByText('Does not match').waitFor();
      const results = await outcomes.locator('li').allTextContents();
      expect(results[0]).to.include('Does not match').and.include('data.weight_grams > 1000');
      expect(results[1]).to.include('Matches').and.include('data.weight_grams > 500');

      await filter.fill('data.weight_grams >');
      await tester.getByRole('button', { name: 'Test filter' }).click();
      await tester.getByRole('alert').getByText('does not compile').first().waitFor();
      await filter.fill('data.weight_grams > 1000');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved.').waitFor();
      expect(await tester.getByRole('alert').count()).to.equal(0);
      expect(await tester.textContent()).to.not.include('does not compile');
      await expectAccessible(page, 'the filter tester');
      await screenshot(page, 'portal-filter-tester');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('warns beside the filter of a field a chosen type’s schema lacks, and stops when none is', async () => {
    const tab = await openSettings();
    try {
      const { page } = tab;
      const filter = page.getByLabel('Filter (JSONata)');
      const warnings = page.getByRole('group', { name: 'Filter warnings' });
      await filter.fill('data.carrier = "DHL"');
      await warnings.waitFor();
      const items = await warnings.getByRole('listitem').allTextContents();
      expect(items).to.have.length(1);
      expect(items[0]).to.include(RETURNED).and.include('data.carrier');
      await expectAccessible(page, 'a filter with a warning');
      await screenshot(page, 'portal-filter-warning');

      await filter.fill('data.parcel_id = "par_1"');
      await warnings.waitFor({ state: 'detached' });
      // With every type chosen, a filter selects among them on purpose: no warning.
      await filter.fill('data.carrier = "DHL"');
      await warnings.waitFor();
      await page.getByText('All event types', { exact: true }).click();
      await warnings.waitFor({ state: 'detached' });
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
