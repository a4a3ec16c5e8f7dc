import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { TestService } from '../support/testService.js';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab, PHONE } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { auditorKey, signInToConsole } from './support/signIn.js';

const MERCHANT = 'mer_browser_processes';

/** A delay, a choice, an approval and a user action: every kind of wait the graph draws. */
const ORDER_REVIEW = {
  id: 'order.review',
  name: 'Order review',
  description: 'Large orders wait for a manager; every order waits for the warehouse to pack it.',
  input_schema: {
    type: 'object',
    required: ['amount'],
    properties: { amount: { type: 'number' } },
  },
  steps: [
    { id: 'cool_off', name: 'Cooling-off period', type: 'delay', duration_ms: 200 },
    {
      id: 'route',
      name: 'Route by amount',
      type: 'choice',
      branches: [{ when: 'input.amount > 100', next: 'manager' }],
      otherwise: 'pack',
    },
    { id: 'manager', name: 'Manager approval', type: 'approval' },
    { id: 'pack', name: 'Pack the order', type: 'user_action', action: 'confirm_packing' },
    { id: 'summary', type: 'transform', value: '{ "packed": steps.pack }' },
  ],
  output: 'steps.summary',
};

type Instance = {
  id: string;
  status: string;
  replay_of: string | null;
  inputs: Record<string, unknown>;
  result?: { output: unknown };
  steps: Array<{ id: string; status: string; output?: unknown }>;
};

const readInstance = async (service: TestService, id: string): Promise<Instance> => {
  const res = await service.api.get(`/v1/process-instances/${id}`, service.admin);
  expect(res.status, res.text).to.equal(200);
  return res.body as Instance;
};

/** Reads the instance until `ready` holds (the run moves on in the background), for up to 10 s. */
const until = async (
  service: TestService,
  id: string,
  ready: (instance: Instance) => boolean,
): Promise<Instance> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const instance = await readInstance(service, id);
    if (ready(instance)) return instance;
    if (Date.now() > deadline)
      throw new Error(`instance ${id} never got there: ${JSON.stringify(instance)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const stepOf = (instance: Instance, stepId: string) => instance.steps.find((s) => s.id === stepId);

const waitingOn = (stepId: string) => (instance: Instance) =>
  instance.status === 'waiting' && stepOf(instance, stepId)?.status === 'waiting';

/** Starts a run for MERCHANT and waits until it parks on `stepId`. */
const runUntilWaiting = async (service: TestService, amount: number, stepId: string) => {
  const started = await service.api.post(`/v1/processes/${ORDER_REVIEW.id}/runs`, service.admin, {
    merchant_id: MERCHANT,
    input: { amount },
  });
  expect(started.status, started.text).to.equal(201);
  return until(service, started.body.id as string, waitingOn(stepId));
};

const node = (page: Page, stepId: string, state?: string) =>
  page.locator(`[data-step="${stepId}"]${state ? `[data-state="${state}"]` : ''}`);

const openInstance = async (page: Page, service: TestService, id: string) => {
  await page.goto(`${service.url}/console#/processes/instances/${id}`);
  await page.getByRole('heading', { name: id }).waitFor();
  await node(page, 'cool_off').waitFor();
};

/** Nothing but tables and code scrolls sideways: the page itself fits the screen. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).to.equal(
    true,
  );

browserSuite('the console’s processes in a browser', (world) => {
  before(async () => {
    const { service } = world();
    const published = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      ORDER_REVIEW,
    );
    expect(published.status, published.text).to.equal(201);
    const activated = await service.api.post(
      `/v1/process-definitions/${ORDER_REVIEW.id}/activate`,
      service.admin,
      { version: published.body.version },
    );
    expect(activated.status, activated.text).to.equal(200);

    // Beside the runs the tests drive: a finished one of each ending, and a definition never
    // activated, so the lists show what an operator meets.
    const draft = await service.api.post('/v1/process-definitions', service.admin, {
      ...ORDER_REVIEW,
      id: 'order.refund',
      name: 'Order refund',
      description: 'Drafted, not yet activated.',
    });
    expect(draft.status, draft.text).to.equal(201);
    const small = await runUntilWaiting(service, 25, 'pack');
    const packed = await service.api.post(
      `/v1/process-instances/${small.id}/user-actions`,
      service.admin,
      { step_id: 'pack', data: { boxes: 1 } },
    );
    expect(packed.status, packed.text).to.equal(200);
    const large = await runUntilWaiting(service, 2500, 'manager');
    const rejected = await service.api.post(
      `/v1/process-instances/${large.id}/approvals`,
      service.admin,
      { step_id: 'manager', decision: 'rejected', comment: 'Over the limit' },
    );
    expect(rejected.status, rejected.text).to.equal(200);
  });

  it('opens a run from the list, approves it and completes its user action on the page', async () => {
    const { service } = world();
    const run = await runUntilWaiting(service, 500, 'manager');
    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await signInToConsole(page, service, service.admin);
      await page.getByRole('link', { name: 'Processes' }).click();
      await page.getByRole('link', { name: 'Definitions' }).click();
      const definitions = page.getByRole('table', { name: 'Process definitions' });
      await definitions.waitFor();
      expect(await definitions.textContent())
        .to.include('Order review')
        .and.include('Active');
      await expectAccessible(page, 'the process definitions');
      await screenshot(page, 'console-process-definitions');

      await page.getByRole('link', { name: 'Instances', exact: true }).click();
      const instances = page.getByRole('table', { name: 'Process instances' });
      await instances.waitFor();
      expect(await instances.getByRole('row').filter({ hasText: run.id }).textContent()).to.include(
        'Waiting',
      );
      await expectAccessible(page, 'the process instances');
      await screenshot(page, 'console-process-instances');

      await instances.getByRole('link', { name: run.id }).click();
      await page.getByRole('heading', { name: run.id }).waitFor();
      const approval = node(page, 'manager', 'waiting');
      await approval.waitFor();
      expect(await approval.textContent())
        .to.include('Waiting')
        .and.include('manager');
      expect(await node(page, 'cool_off').getAttribute('data-state')).to.equal('completed');
      expect(await node(page, 'route').getAttribute('data-state')).to.equal('completed');
      expect(await node(page, 'pack').getAttribute('data-state')).to.equal('not_reached');
      await expectAccessible(page, 'an instance waiting for approval');
      await screenshot(page, 'console-instance-graph');

      const pending = page.getByRole('region', { name: 'Waiting for approval' });
      await pending.getByLabel('Comment (optional)').fill('Checked the order');
      await pending.getByRole('button', { name: 'Approve' }).click();
      const approved = await until(service, run.id, waitingOn('pack'));
      expect(stepOf(approved, 'manager')).to.deep.include({
        status: 'completed',
        output: { decision: 'approved', comment: 'Checked the order' },
      });
      await node(page, 'manager', 'completed').waitFor();
      await node(page, 'pack', 'waiting').waitFor();

      const packed = { boxes: 3, packed_by: 'ana' };
      const action = page.getByRole('region', { name: 'Waiting for a user action' });
      await action.getByLabel('Data (JSON)').fill(JSON.stringify(packed));
      await action.getByRole('button', { name: 'Complete action' }).click();
      const completed = await until(service, run.id, (i) => i.status === 'completed');
      expect(stepOf(completed, 'pack')?.output).to.deep.equal(packed);
      expect(completed.result?.output).to.deep.equal({ packed });

      await node(page, 'summary', 'completed').waitFor();
      await page.locator('.page-header .badge', { hasText: 'Completed' }).waitFor();
      expect(await page.locator('[data-step-output="pack"]').textContent())
        .to.include('"packed_by": "ana"')
        .and.include('"boxes": 3');
      const history = await page
        .locator('[data-event-type]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-event-type')));
      expect(history[0]).to.equal('process_instance.created');
      expect(history.at(-1)).to.equal('process_instance.completed');
      expect(history).to.include.members([
        'process_instance.approval_resolved',
        'process_instance.user_action_completed',
      ]);
      expect(await page.locator('.proc-history details[open]').count()).to.equal(0);
      await expectAccessible(page, 'a completed instance');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('cancels a waiting run only once the operator confirms, and draws the step cancelled', async () => {
    const { service } = world();
    const run = await runUntilWaiting(service, 900, 'manager');
    const tab = await openTab(world().browser, PHONE);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await signInToConsole(page, service, service.admin);
      await openInstance(page, service, run.id);
      await node(page, 'manager', 'waiting').waitFor();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, 'an instance on a phone');
      await screenshot(page, 'console-instance-graph-phone');

      await page.getByRole('button', { name: 'Cancel instance' }).click();
      const confirm = page.getByRole('group', { name: 'Confirm cancellation' });
      await confirm.waitFor();
      expect((await readInstance(service, run.id)).status).to.equal('waiting');
      await confirm.getByRole('button', { name: 'Yes, cancel the instance' }).click();

      await until(service, run.id, (i) => i.status === 'cancelled');
      await node(page, 'manager', 'cancelled').waitFor();
      expect(await node(page, 'manager').textContent()).to.include('Cancelled');
      await page.locator('.page-header .badge', { hasText: 'Cancelled' }).waitFor();
      expect(await page.getByRole('button', { name: 'Cancel instance' }).count()).to.equal(0);
      await expectNoSidewaysScroll(page);
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('replays a completed run into a new instance and links to it', async () => {
    const { service } = world();
    const run = await runUntilWaiting(service, 40, 'pack');
    const done = await service.api.post(
      `/v1/process-instances/${run.id}/user-actions`,
      service.admin,
      {
        step_id: 'pack',
        data: { boxes: 1 },
      },
    );
    expect(done.status, done.text).to.equal(200);
    await until(service, run.id, (i) => i.status === 'completed');
    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await signInToConsole(page, service, service.admin);
      await openInstance(page, service, run.id);
      // The choice sent the small order past the manager.
      expect(await node(page, 'manager').getAttribute('data-state')).to.equal('not_reached');
      expect(await node(page, 'pack').getAttribute('data-state')).to.equal('completed');

      await page.getByRole('button', { name: 'Replay' }).click();
      const notice = page.getByRole('status').filter({ hasText: 'Replayed as a new instance' });
      await notice.waitFor();
      const replayId = (await notice.getByRole('link').textContent())?.trim() ?? '';
      expect(replayId).to.match(/^pi_/).and.not.equal(run.id);
      const replay = await readInstance(service, replayId);
      expect(replay.replay_of).to.equal(run.id);
      expect(replay.inputs).to.deep.equal(run.inputs);

      await notice.getByRole('link').click();
      await page.getByRole('heading', { name: replayId }).waitFor();
      const facts = page.getByRole('complementary', { name: 'Instance summary' });
      expect(await facts.getByRole('link', { name: run.id }).count()).to.equal(1);
      await node(page, 'pack', 'waiting').waitFor();
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('shows an auditor every page, and each action the API’s refusal', async () => {
    const { service } = world();
    const run = await runUntilWaiting(service, 700, 'manager');
    const key = await auditorKey(service);
    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await signInToConsole(page, service, key);
      await page.getByRole('link', { name: 'Processes' }).click();
      await page.getByRole('table', { name: 'Process instances' }).waitFor();
      await page.getByRole('link', { name: 'Definitions' }).click();
      await page.getByRole('link', { name: 'Order review' }).click();
      await page.getByRole('heading', { name: 'Order review' }).waitFor();
      expect(await page.locator('[data-step]').count()).to.equal(ORDER_REVIEW.steps.length);
      await page.getByRole('table', { name: `Instances of ${ORDER_REVIEW.id}` }).waitFor();
      await expectAccessible(page, 'a definition, to an auditor');

      await openInstance(page, service, run.id);
      await node(page, 'manager', 'waiting').waitFor();
      const refusal = /not allowed to do this/;
      const pending = page.getByRole('region', { name: 'Waiting for approval' });
      await pending.getByRole('button', { name: 'Approve' }).click();
      expect(await pending.getByRole('alert').textContent()).to.match(refusal);

      const actions = page.getByRole('region', { name: 'Instance actions' });
      await actions.getByRole('button', { name: 'Cancel instance' }).click();
      await actions.getByRole('button', { name: 'Yes, cancel the instance' }).click();
      await actions.getByRole('alert').filter({ hasText: refusal }).waitFor();
      await actions.getByRole('button', { name: 'Replay' }).click();
      // Both refusals shown (no string predicate: the page's policy forbids evaluating one).
      await actions.getByRole('alert').nth(1).waitFor();
      for (const alert of await actions.getByRole('alert').all())
        expect(await alert.textContent())
          .to.match(refusal)
          .and.match(/403|forbidden|not allowed/i);
      await expectAccessible(page, 'an instance, to an auditor');
      await screenshot(page, 'console-instance-auditor');

      const after = await readInstance(service, run.id);
      expect(after.status).to.equal('waiting');
      expect(stepOf(after, 'manager')?.status).to.equal('waiting');
      const all = await service.api.get(
        `/v1/process-instances?definition_id=${ORDER_REVIEW.id}&limit=100`,
        service.admin,
      );
      expect((all.body.data as Instance[]).filter((i) => i.replay_of === run.id)).to.deep.equal([]);
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
