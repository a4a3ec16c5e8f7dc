import { expect } from 'chai';
import { expectAccessible } from './support/axe.js';
import { openTab, PHONE } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';

const MERCHANT = 'mer_browser_portal';

browserSuite('the merchant portal in a browser', (world) => {
  it('says the link was used or expired when its code is not accepted', async () => {
    const tab = await openTab(world().browser);
    try {
      const { page } = tab;
      await page.goto(`${world().service.url}/portal#code=pc_not_a_real_code`);
      await page
        .getByRole('heading', { name: 'This link was already used or has expired' })
        .waitFor();
      expect(page.url()).to.not.include('code=');
      await expectAccessible(page, 'the portal with a bad link');
      await screenshot(page, 'portal-link-expired');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('opens from a real link, lists the merchant’s endpoints, and refuses the link a second time', async function () {
    const { service, receiver } = world();
    const create = (merchant_id: string, description: string) =>
      service.api.post('/v1/webhooks', service.admin, {
        merchant_id,
        url: `${receiver.url}/${merchant_id}`,
        description,
      });
    expect((await create(MERCHANT, 'Order notifications')).status).to.equal(201);
    expect((await create('mer_someone_else', 'Not yours')).status).to.equal(201);
    const link = await service.api.post('/v1/portal/sessions', service.admin, {
      merchant_id: MERCHANT,
    });
    expect(link.status, link.text).to.equal(201);
    // The link's fragment, opened on this service whatever base it was made for.
    const fragment = new URL(link.body.url as string).hash;
    const url = `${service.url}/portal?primary_color=0f766e${fragment}`;

    const tab = await openTab(world().browser);
    try {
      const { page } = tab;
      await page.goto(url);
      const table = page.getByRole('table', { name: 'Endpoints' });
      await table.waitFor();
      expect(await table.textContent()).to.include(`${receiver.url}/${MERCHANT}`);
      expect(await table.textContent()).to.not.include('mer_someone_else');
      expect(await page.locator('header').textContent()).to.include(MERCHANT);
      expect(page.url()).to.not.include('code=');
      expect(await page.evaluate('JSON.stringify(sessionStorage)')).to.include('token');
      await expectAccessible(page, 'the portal’s endpoints');
      await screenshot(page, 'portal-endpoints');

      await page.getByRole('link', { name: 'Event catalog' }).click();
      await page.getByRole('heading', { name: 'Event catalog' }).waitFor();
      await page.locator('.state, table').first().waitFor();
      await expectAccessible(page, 'the portal’s event catalog');
      await screenshot(page, 'portal-event-catalog');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }

    const again = await openTab(world().browser, PHONE);
    try {
      await again.page.goto(`${service.url}/portal?theme=dark${fragment}`);
      await again.page
        .getByRole('heading', { name: 'This link was already used or has expired' })
        .waitFor();
      await expectAccessible(again.page, 'the portal with a used link, dark');
      await screenshot(again.page, 'portal-link-used-dark-phone');
    } finally {
      await again.close();
    }
  });

  it('follows the theme it is asked for: a primary colour and dark', async () => {
    const tab = await openTab(world().browser);
    try {
      const { page } = tab;
      await page.goto(`${world().service.url}/portal?primary_color=%23be123c&theme=dark`);
      await page.getByRole('heading', { name: 'Open the portal from your platform' }).waitFor();
      const theme = await page.evaluate(
        `({ primary: getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
            theme: document.documentElement.dataset.theme })`,
      );
      expect(theme).to.deep.equal({ primary: '#be123c', theme: 'dark' });
      await expectAccessible(page, 'the portal without a link, dark');
      await screenshot(page, 'portal-no-link-dark');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('lets a link opened later in the same tab replace its session, saying so when the merchant changed', async () => {
    const { service } = world();
    const linkFor = async (merchant_id: string) => {
      const link = await service.api.post('/v1/portal/sessions', service.admin, { merchant_id });
      expect(link.status, link.text).to.equal(201);
      return new URL(link.body.url as string).hash;
    };
    const tokenInTab = `JSON.parse(sessionStorage.getItem('sluice.portal.session'))`;
    const tab = await openTab(world().browser);
    try {
      const { page } = tab;
      await page.goto(`${service.url}/portal${await linkFor(MERCHANT)}`);
      await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
      const first = await page.evaluate<{ token: string }>(tokenInTab);

      // Another merchant's link pasted into the address bar: only the fragment changes.
      await page.evaluate(
        `window.samePage = true; location.hash = ${JSON.stringify(await linkFor('mer_second_shop'))}`,
      );
      const notice = page.getByRole('status').filter({ hasText: 'You are now signed in as' });
      await notice.waitFor();
      expect(await notice.textContent())
        .to.include('mer_second_shop')
        .and.include(MERCHANT);
      expect(await page.locator('header').textContent()).to.include('mer_second_shop');
      const second = await page.evaluate<{ token: string; merchant_id: string }>(tokenInTab);
      expect(second.merchant_id).to.equal('mer_second_shop');
      expect(second.token).to.not.equal(first.token);
      expect(page.url()).to.not.include('code=');
      expect(await page.evaluate('window.samePage')).to.equal(true);
      await expectAccessible(page, 'the portal after a link for another merchant');
      await screenshot(page, 'portal-session-replaced');
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await notice.waitFor({ state: 'detached' });

      // A new link of the same merchant replaces the session without a word.
      await page.evaluate(`location.hash = ${JSON.stringify(await linkFor('mer_second_shop'))}`);
      await page.waitForFunction(`${tokenInTab}?.token !== ${JSON.stringify(second.token)}`);
      await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
      expect(await notice.count()).to.equal(0);
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
