import { expect } from 'chai';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { signInToConsole } from './support/signIn.js';

const FAN_OUT = {
  id: 'lanes.console',
  name: 'Check and price',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'checks',
      name: 'Checks',
      type: 'parallel',
      branches: [
        { steps: [{ id: 'stock', name: 'Stock', type: 'transform', value: '"in stock"' }] },
        { steps: [{ id: 'fraud', name: 'Fraud', type: 'transform', value: '"clean"' }] },
      ],
    },
    {
      id: 'lines',
      name: 'Price each line',
      type: 'map',
      items: 'input.lines',
      steps: [{ id: 'price', name: 'Price', type: 'transform', value: 'item * 3' }],
    },
  ],
  output: 'steps.lines',
};

browserSuite('the console draws parallel branches and map runs', (world) => {
  it('shows each branch’s steps and the map’s step in the graph, with the lanes in the list', async () => {
    const { service } = world();
    const published = await service.api.post('/v1/process-definitions', service.admin, FAN_OUT);
    expect(published.status, published.text).to.equal(201);
    await service.api.post(`/v1/process-definitions/${FAN_OUT.id}/activate`, service.admin, {
      version: published.body.version,
    });
    const run = await service.api.post(`/v1/processes/${FAN_OUT.id}/runs`, service.admin, {
      merchant_id: 'mer_lanes',
      input: { lines: [1, 2, 3] },
      wait: { timeout_ms: 10_000 },
    });
    expect(run.status, run.text).to.equal(200);
    expect(run.body.result).to.deep.equal({ output: [3, 6, 9] });

    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await signInToConsole(page, service, service.admin);
      await page.goto(`${service.url}/console#/processes/instances/${run.body.id as string}`);
      for (const step of ['checks', 'stock', 'fraud', 'lines', 'price'])
        await page.locator(`[data-step="${step}"][data-state="completed"]`).waitFor();
      // Into each branch and out through the join, all travelled.
      expect(await page.locator('.flow-edge-travelled').count()).to.be.at.least(8);
      await page.locator('details.proc-lanes').first().locator('summary').click();
      expect(await page.locator('[data-lane^="checks["]').count()).to.equal(2);
      await page.locator('details.proc-lanes').nth(1).locator('summary').click();
      expect(await page.locator('[data-lane^="lines["]').count()).to.equal(3);
      expect(await page.locator('[data-lane="lines[2]"]').innerText()).to.contain('→ 9');
      await expectAccessible(page, 'an instance with lanes');
      await screenshot(page, 'console-instance-lanes');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
