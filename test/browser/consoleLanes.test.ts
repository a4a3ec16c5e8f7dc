import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import type { TestService } from '../support/testService.js';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { signInToConsole } from './support/signIn.js';

/** A hidden choice, then a parallel step's two branches, then a map over the order's lines. */
const FAN_OUT = {
  id: 'lanes.console',
  name: 'Check and price',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'route',
      type: 'choice',
      visible: false,
      branches: [{ when: 'input.amount > 100', next: 'review' }],
      otherwise: 'checks',
    },
    { id: 'review', name: 'Manager review', type: 'transform', value: '"reviewed"' },
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

/** One branch waits a minute; the other fails first, which ends the fork and the run. */
const RACE = {
  id: 'lanes.race',
  name: 'Wait or fail',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'both',
      type: 'parallel',
      branches: [
        { steps: [{ id: 'slow', name: 'Slow wait', type: 'delay', duration_ms: 60_000 }] },
        {
          steps: [
            { id: 'pause', type: 'delay', duration_ms: 200 },
            { id: 'boom', type: 'fail', code: 'out_of_stock' },
          ],
        },
      ],
    },
  ],
};

const activate = async (service: TestService, definition: { id: string }) => {
  const published = await service.api.post('/v1/process-definitions', service.admin, definition);
  expect(published.status, published.text).to.equal(201);
  const activated = await service.api.post(
    `/v1/process-definitions/${definition.id}/activate`,
    service.admin,
    { version: published.body.version },
  );
  expect(activated.status, activated.text).to.equal(200);
};

/** Starts a run and waits (up to 10 s) for it to end. */
const runToEnd = async (service: TestService, definitionId: string, input: object) => {
  const run = await service.api.post(`/v1/processes/${definitionId}/runs`, service.admin, {
    merchant_id: 'mer_lanes',
    input,
    wait: { timeout_ms: 10_000 },
  });
  expect(run.status, run.text).to.equal(200);
  return run.body as { id: string; status: string; result?: { output: unknown } };
};

const left = async (node: Locator) => (await node.boundingBox())!.x;

const openInstance = async (page: Page, service: TestService, id: string) => {
  await signInToConsole(page, service, service.admin);
  await page.goto(`${service.url}/console#/processes/instances/${id}`);
  await page.getByRole('heading', { name: id }).waitFor();
};

browserSuite('the console draws parallel branches and map runs', (world) => {
  before(async () => {
    await activate(world().service, FAN_OUT);
    await activate(world().service, RACE);
  });

  it('draws the way a hidden choice went, the branches in order and each map run, lanes listed open', async () => {
    const { service } = world();
    const run = await runToEnd(service, FAN_OUT.id, { amount: 20, lines: [1, 2, 3] });
    expect(run.result).to.deep.equal({ output: [3, 6, 9] });

    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await openInstance(page, service, run.id);
      for (const step of ['route', 'checks', 'stock', 'fraud', 'lines'])
        await page.locator(`[data-step="${step}"][data-state="completed"]`).waitFor();
      // The hidden choice reads by what it did, and the way it went is drawn, the other faint.
      const choice = page.locator('[data-step="route"]');
      expect(await choice.textContent())
        .to.include('Completed → checks')
        .and.not.include('Hidden');
      expect(await page.locator('[data-edge="route:otherwise"]').getAttribute('class')).to.include(
        'flow-edge-travelled',
      );
      expect(await page.locator('[data-edge="route:branch:0"]').getAttribute('class')).to.include(
        'flow-edge-untaken',
      );
      expect(await page.locator('[data-step="review"]').getAttribute('data-state')).to.equal(
        'not_reached',
      );
      // Branch 1 left of branch 2; each map run a lane of its own, in order.
      expect(await left(page.locator('[data-step="stock"]'))).to.be.below(
        await left(page.locator('[data-step="fraud"]')),
      );
      const runs = page.locator('[data-step="price"][data-state="completed"]');
      expect(await runs.count()).to.equal(3);
      const xs: number[] = [];
      for (const lane of ['lines[0]', 'lines[1]', 'lines[2]'])
        xs.push(await left(page.locator(`[data-step="price"][data-lane="${lane}"]`)));
      expect(xs).to.deep.equal([...xs].sort((a, b) => a - b));
      // Into each branch and run and out through the joins, all travelled.
      expect(await page.locator('.flow-edge-travelled').count()).to.be.at.least(12);

      expect(await page.locator('details.proc-lanes[open]').count()).to.equal(2);
      expect(await page.locator('[data-lane^="checks["]').count()).to.equal(2);
      expect(await page.locator('li[data-lane^="lines["]').count()).to.equal(3);
      expect(await page.locator('li[data-lane="lines[2]"]').innerText()).to.contain('→ 9');
      await expectAccessible(page, 'an instance with lanes');
      await screenshot(page, 'console-instance-lanes');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('draws a lane stopped by its fork’s failure as ended, neither waiting nor failed', async () => {
    const { service } = world();
    const run = await runToEnd(service, RACE.id, {});
    expect(run.status).to.equal('failed');

    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await openInstance(page, service, run.id);
      const slow = page.locator('[data-step="slow"]');
      await slow.waitFor();
      expect(await slow.getAttribute('data-state')).to.equal('stopped');
      expect(await slow.textContent()).to.include('Stopped');
      await page.locator('[data-step="boom"][data-state="failed"]').waitFor();
      // Drawn in the neutral colour of what ended without an error of its own.
      const colours = await page.evaluate<{ neutral: string; stroke: string }>(`(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--neutral-fg)';
        document.body.append(probe);
        const neutral = getComputedStyle(probe).color;
        probe.remove();
        const box = document.querySelector('[data-step="slow"] .flow-node-box');
        return { neutral, stroke: getComputedStyle(box).stroke };
      })()`);
      expect(colours.stroke).to.equal(colours.neutral);
      expect(await page.locator('li[data-lane="both[0]"]').innerText()).to.contain('slow: Stopped');
      await expectAccessible(page, 'an instance whose fork failed');
      await screenshot(page, 'console-instance-stopped-lane');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
