import { expect } from 'chai';
import type { TestService } from '../support/testService.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab, PHONE } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';

const MERCHANT = 'mer_overview';

/** Fails at once, waits for a manager, or waits on a timer, by the input's `path`. */
const TRIAGE = {
  id: 'overview.triage',
  name: 'Triage',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'route',
      type: 'choice',
      branches: [
        { when: 'input.path = "fail"', next: 'refuse' },
        { when: 'input.path = "approve"', next: 'manager' },
      ],
      otherwise: 'sleep',
    },
    { id: 'refuse', type: 'fail', code: 'card_declined' },
    { id: 'manager', name: 'Manager approval', type: 'approval', next: 'done' },
    { id: 'sleep', type: 'delay', duration_ms: 600_000, next: 'done' },
    { id: 'done', type: 'succeed' },
  ],
};

const ok = async (answer: Promise<{ status: number; text: string; body: any }>, status = 201) => {
  const read = await answer;
  expect(read.status, read.text).to.equal(status);
  return read.body;
};

/** Reads `path` until `ready` holds, for up to 10 s. */
const until = async (service: TestService, path: string, ready: (body: any) => boolean) => {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const answer = await service.api.get(path, service.admin);
    if (ready(answer.body)) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} never got there`);
};

browserSuite('the console’s overview', (world) => {
  let down: TestReceiver;
  after(() => down?.close());

  it('lands on what needs someone: failing endpoints, failed instances, people awaited', async () => {
    const { service, receiver } = world();
    down = await startTestReceiver(() => ({ status: 500 }));
    const failing = await ok(
      service.api.post('/v1/webhooks', service.admin, {
        merchant_id: MERCHANT,
        url: `${down.url}/down`,
        description: 'Receiver down',
      }),
    );
    const healthy = await ok(
      service.api.post('/v1/webhooks', service.admin, {
        merchant_id: MERCHANT,
        url: `${receiver.url}/fine`,
      }),
    );
    const type = await service.api.get('/v1/event-types/company.created', service.admin);
    await ok(
      service.api.post('/v1/events', service.admin, {
        type: 'company.created',
        merchant_id: MERCHANT,
        data: type.body.examples[0],
      }),
    );
    await until(service, `/v1/webhooks/${failing.id}/stats`, (s) => s.failing_streak !== null);

    const published = await ok(service.api.post('/v1/process-definitions', service.admin, TRIAGE));
    await ok(
      service.api.post(`/v1/process-definitions/${TRIAGE.id}/activate`, service.admin, {
        version: published.version,
      }),
      200,
    );
    const start = (path: string) =>
      ok(
        service.api.post(`/v1/processes/${TRIAGE.id}/runs`, service.admin, {
          merchant_id: MERCHANT,
          input: { path },
        }),
      ) as Promise<{ id: string }>;
    const refused = await start('fail');
    const approval = await start('approve');
    const sleeping = await start('sleep');
    await until(service, `/v1/process-instances/${refused.id}`, (i) => i.status === 'failed');
    for (const { id } of [approval, sleeping])
      await until(service, `/v1/process-instances/${id}`, (i) => i.status === 'waiting');

    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await page.goto(`${service.url}/console`);
      await page.getByLabel('API key').fill(service.admin);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      const nav = page.getByRole('navigation');
      expect(
        await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current'),
      ).to.equal('page');

      const panel = (name: string) => page.getByRole('region', { name, exact: true });
      const service_ = panel('Service');
      await service_.getByText('Ready', { exact: true }).waitFor();
      expect(await service_.textContent()).to.include('Alive');
      await panel('Projections').getByText('Largest lag').waitFor();

      const endpoints = panel('Endpoints failing now');
      const listed = endpoints.getByRole('list', { name: 'Endpoints needing attention' });
      await listed.waitFor();
      expect(await listed.textContent())
        .to.include(failing.url)
        .and.include('Failing')
        .and.not.include(healthy.url);

      const failed = panel('Instances failed recently').getByRole('list');
      await failed.waitFor();
      expect(await failed.textContent())
        .to.include(refused.id)
        .and.include('card_declined');

      const people = panel('Waiting on people').getByRole('list');
      await people.waitFor();
      expect(await people.textContent())
        .to.include(approval.id)
        .and.include('manager')
        .and.not.include(sleeping.id);
      await expectAccessible(page, 'the overview');
      await screenshot(page, 'console-overview');

      await page.getByRole('link', { name: 'All failed instances' }).click();
      const instances = page.getByRole('table', { name: 'Process instances' });
      await instances.getByRole('link', { name: refused.id }).waitFor();
      expect(await instances.getByRole('link', { name: approval.id }).count()).to.equal(0);

      await nav.getByRole('link', { name: 'Overview' }).click();
      await panel('Waiting on people').getByRole('link', { name: approval.id }).click();
      await page.getByRole('heading', { name: approval.id }).waitFor();
      await page.setViewportSize(PHONE);
      await nav.getByRole('link', { name: 'Overview' }).click();
      await panel('Waiting on people').getByRole('list').waitFor();
      await screenshot(page, 'console-overview-phone');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
