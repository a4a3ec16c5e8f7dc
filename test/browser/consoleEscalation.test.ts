import { expect } from 'chai';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { signInToConsole } from './support/signIn.js';

/** An approval that escalates to a manager's review once nobody answered in time, or on a rejection. */
const ESCALATED_REFUND = {
  id: 'refund.escalated',
  name: 'Refund with escalation',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'approve',
      name: 'Agent approval',
      type: 'approval',
      timeout_ms: 300,
      on_timeout: 'escalate',
      catch: [{ on: ['approval_rejected'], next: 'escalate' }],
    },
    { id: 'refund', name: 'Refund', type: 'transform', value: '"refunded"', next: 'done' },
    {
      id: 'escalate',
      name: 'Escalate to a manager',
      type: 'transform',
      value: '"escalated after " & steps.approve.error.code',
    },
    { id: 'done', type: 'succeed' },
  ],
};

browserSuite('the console draws an escalation', (world) => {
  it('shows the timed-out step failed and the way it escalated, travelled', async () => {
    const { service } = world();
    const published = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      ESCALATED_REFUND,
    );
    expect(published.status, published.text).to.equal(201);
    await service.api.post(
      `/v1/process-definitions/${ESCALATED_REFUND.id}/activate`,
      service.admin,
      {
        version: published.body.version,
      },
    );
    const run = await service.api.post(`/v1/processes/${ESCALATED_REFUND.id}/runs`, service.admin, {
      merchant_id: 'mer_escalation',
      input: {},
      wait: { timeout_ms: 10_000 },
    });
    // A run with wait answers as soon as the instance waits for a person; it escalates later.
    expect(run.status, run.text).to.equal(202);
    let status = run.body.status as string;
    for (let tries = 0; status !== 'completed' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const read = await service.api.get(`/v1/process-instances/${run.body.id}`, service.admin);
      status = read.body.status as string;
    }
    expect(status).to.equal('completed');

    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await signInToConsole(page, service, service.admin);
      await page.goto(`${service.url}/console#/processes/instances/${run.body.id as string}`);
      await page.locator('[data-step="approve"][data-state="failed"]').waitFor();
      await page.locator('[data-step="escalate"][data-state="completed"]').waitFor();
      expect(await page.locator('.flow-edge-timeout.flow-edge-travelled').count()).to.equal(1);
      // Its catch of a rejection is drawn too, not taken.
      expect(await page.locator('.flow-edge-catch').count()).to.equal(1);
      expect(await page.locator('.flow-edge-catch.flow-edge-travelled').count()).to.equal(0);
      // The normal way out of the timed-out step was not taken.
      expect(await page.locator('[data-step="refund"][data-state="completed"]').count()).to.equal(
        0,
      );
      await expectAccessible(page, 'an escalated instance');
      await screenshot(page, 'console-instance-escalated');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
