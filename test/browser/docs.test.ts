import { expect } from 'chai';
import { openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';

browserSuite('the API reference at /docs in a browser', (world) => {
  it('opens on the reference itself, with no warning, the operations and the webhooks', async () => {
    const tab = await openTab(world().browser);
    try {
      const { page } = tab;
      await page.goto(`${world().service.url}/docs`, { waitUntil: 'load' });
      // Taken as the page has loaded: the reference, not a spinner.
      const shot = await screenshot(page, 'docs-at-load');
      expect(shot).to.match(/docs-at-load\.png$/);
      expect(await page.locator('.loading-container').count()).to.equal(0);
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).to.include('Sluice');
      expect(text).to.not.match(/not supported|unable to render|could not render/i);
      expect(await page.locator('.version-pragma').count(), 'a version warning box').to.equal(0);

      const publish = page.locator('.opblock-post', { hasText: '/v1/events' }).first();
      await publish.waitFor();
      expect(await publish.textContent()).to.include('Publish a business event');

      const webhooks = page.locator('.webhooks');
      await webhooks.scrollIntoViewIfNeeded();
      const described = (await webhooks.textContent()) ?? '';
      expect(described).to.include('order.created').and.include('process.instance.completed');
      await screenshot(page, 'docs-webhooks');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
