import { expect } from 'chai';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab, PHONE } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';

browserSuite('the operators’ console in a browser', (world) => {
  it('refuses a wrong key with the API’s problem, and stays on the sign-in form', async () => {
    const tab = await openTab(world().browser);
    try {
      const { page } = tab;
      await page.goto(`${world().service.url}/console`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await expectAccessible(page, 'the console’s sign-in');
      await screenshot(page, 'console-sign-in');

      await page.getByLabel('API key').fill('sk_this_key_does_not_exist_0000000000000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).to.match(/key/i);
      await expectAccessible(page, 'the console’s sign-in with an error');
      await screenshot(page, 'console-sign-in-wrong-key');
      expect(await page.evaluate('sessionStorage.length')).to.equal(0);
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('signs in with the admin key, lands on the overview, and lists the projections with status and lag', async () => {
    const { service } = world();
    const projections = (await service.api.get('/v1/admin/projections', service.admin)).body as {
      data: Array<{ name: string }>;
    };
    expect(projections.data).to.not.be.empty;
    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      await page.goto(`${service.url}/console`);
      await page.getByLabel('API key').fill(service.admin);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Projections' }).click();
      await page.getByRole('heading', { name: 'Projections', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Projections' });
      await table.waitFor();
      for (const { name } of projections.data) expect(await table.textContent()).to.include(name);
      expect(await table.textContent()).to.match(/live/);
      expect(page.url()).to.not.include(service.admin);
      await expectAccessible(page, 'the console’s projections');
      await screenshot(page, 'console-projections');

      // The key is kept for the tab: a reload stays signed in.
      await page.reload();
      await page.getByRole('table', { name: 'Projections' }).waitFor();
      await page.setViewportSize(PHONE);
      await screenshot(page, 'console-projections-phone');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
