import { expect } from 'chai';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { signInToConsole } from './support/signIn.js';
import type { TestService } from '../support/testService.js';

const CHILD = {
  id: 'pick.items',
  name: 'Pick the items',
  input_schema: { type: 'object' },
  steps: [{ id: 'pick', name: 'Pick', type: 'transform', value: 'input.count * 2' }],
  output: 'steps.pick',
};
const PARENT = {
  id: 'fulfil.order',
  name: 'Fulfil an order',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'paid',
      name: 'Wait for the payment',
      type: 'wait_for_event',
      event_type: 'extension.payment.settled',
      match: 'event.data.order = input.order',
    },
    { id: 'pick', name: 'Pick', type: 'call', process_id: 'pick.items', input: '{ "count": 2 }' },
  ],
  output: 'steps.pick',
};

const activate = async (service: TestService, body: Record<string, unknown>) => {
  const published = await service.api.post('/v1/process-definitions', service.admin, body);
  expect(published.status, published.text).to.equal(201);
  const activated = await service.api.post(
    `/v1/process-definitions/${body.id as string}/activate`,
    service.admin,
    { version: published.body.version },
  );
  expect(activated.status, activated.text).to.equal(200);
};

browserSuite('the console shows a call’s child and the event an instance waited for', (world) => {
  it('links a parent to its child and back, with the child’s state', async () => {
    const { service } = world();
    await activate(service, CHILD);
    await activate(service, PARENT);
    const run = await service.api.post(`/v1/processes/${PARENT.id}/runs`, service.admin, {
      merchant_id: 'mer_calls',
      input: { order: 'ord_1' },
      wait: { timeout_ms: 10_000 },
    });
    expect(run.status, run.text).to.equal(202);
    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await signInToConsole(page, service, service.admin);
      await page.goto(`${service.url}/console#/processes/instances/${run.body.id as string}`);
      // Waiting: the page says for which event, and on what condition.
      const pending = page.locator('.proc-pending');
      await pending.getByRole('heading', { name: 'Waiting for an event' }).waitFor();
      expect(await pending.innerText())
        .to.contain('extension.payment.settled')
        .and.contain('event.data.order = input.order');
      await screenshot(page, 'console-instance-waiting-for-event');
      const signal = await service.api.post('/v1/events', service.admin, {
        type: 'extension.payment.settled',
        merchant_id: 'mer_calls',
        data: { order: 'ord_1' },
      });
      expect(signal.status, signal.text).to.equal(201);
      let read = await service.api.get(`/v1/process-instances/${run.body.id}`, service.admin);
      for (let tries = 0; read.body.status !== 'completed' && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        read = await service.api.get(`/v1/process-instances/${run.body.id}`, service.admin);
      }
      expect(read.body.status).to.equal('completed');
      const childId = (read.body.children as Array<{ instance_id: string }>)[0]!.instance_id;
      await page.locator('[data-step="paid"][data-state="completed"]').waitFor();
      await page.locator('[data-step="pick"][data-state="completed"]').waitFor();
      const children = page.locator('#children-heading + ul li');
      expect(await children.count()).to.equal(1);
      expect(await children.first().innerText())
        .to.contain('pick.items')
        .and.contain('Completed');
      await expectAccessible(page, 'an instance with a child');
      await screenshot(page, 'console-instance-children');
      await children.first().locator('a').click();
      await page.waitForURL(`**/processes/instances/${childId}`);
      const calledBy = page.getByText('Called by');
      await calledBy.waitFor();
      expect(await page.locator(`a[href$="${run.body.id as string}"]`).count()).to.equal(1);
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
