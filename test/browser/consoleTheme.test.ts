import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import type { TestService } from '../support/testService.js';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab } from './support/browser.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { signInToConsole } from './support/signIn.js';

const MERCHANT = 'mer_dark_theme';

/** A choice, a parallel step, a map and an approval: most of what the graph draws. */
const REVIEW = {
  id: 'dark.review',
  name: 'Review in the dark',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'route',
      type: 'choice',
      branches: [{ when: 'input.amount > 100', next: 'manager' }],
      otherwise: 'checks',
    },
    { id: 'manager', name: 'Manager approval', type: 'approval' },
    {
      id: 'checks',
      type: 'parallel',
      branches: [
        { steps: [{ id: 'stock', type: 'transform', value: '"in stock"' }] },
        { steps: [{ id: 'fraud', type: 'transform', value: '"clean"' }] },
      ],
    },
    {
      id: 'lines',
      type: 'map',
      items: 'input.lines',
      steps: [{ id: 'price', type: 'transform', value: 'item * 3' }],
    },
  ],
};

const ok = async (answer: Promise<{ status: number; text: string; body: any }>, status = 201) => {
  const read = await answer;
  expect(read.status, read.text).to.equal(status);
  return read.body;
};

const themeOf = (page: Page) => page.evaluate<string>('document.documentElement.dataset.theme');
const chosen = (page: Page) =>
  page.evaluate<string | null>(`localStorage.getItem('sluice.console.theme')`);
const toggle = (page: Page): Locator => page.getByRole('button', { name: 'Dark theme' });

/** Until the page shows `theme` (the page's policy forbids a string predicate to wait on). */
const themed = async (page: Page, theme: string) => {
  for (let waited = 0; waited < 5_000; waited += 50) {
    if ((await themeOf(page)) === theme) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the page never turned ${theme}`);
};

/** Until nothing on the page is loading. */
const settled = async (page: Page) => {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if ((await page.locator('.spinner').count()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the page kept loading');
};

/** A run of REVIEW, once it stands as `status`. */
const run = async (service: TestService, input: object, status: string): Promise<string> => {
  const started = await ok(
    service.api.post(`/v1/processes/${REVIEW.id}/runs`, service.admin, {
      merchant_id: MERCHANT,
      input,
    }),
  );
  for (let waited = 0; waited < 10_000; waited += 100) {
    const read = await service.api.get(`/v1/process-instances/${started.id}`, service.admin);
    if (read.body.status === status) return started.id as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance ${started.id} never became ${status}`);
};

browserSuite('the console’s dark theme', (world) => {
  it('follows the system until the operator chooses, and keeps the choice in every tab', async () => {
    const { service } = world();
    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${service.url}/console`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await themeOf(page)).to.equal('dark');
      expect(await toggle(page).getAttribute('aria-pressed')).to.equal('true');
      await expectAccessible(page, 'the sign-in in the dark theme');
      await screenshot(page, 'console-sign-in-dark');
      // The system's setting changes: the page follows at once.
      await page.emulateMedia({ colorScheme: 'light' });
      await themed(page, 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await themed(page, 'dark');

      await signInToConsole(page, service, service.admin);
      expect(await themeOf(page)).to.equal('dark');
      expect(await chosen(page)).to.equal(null);
      await toggle(page).click();
      await themed(page, 'light');
      expect(await toggle(page).getAttribute('aria-pressed')).to.equal('false');
      expect(await chosen(page)).to.equal('light');
      // The choice outlasts a reload, and a system that asks for dark.
      await page.reload();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      expect(await themeOf(page)).to.equal('light');

      // Another tab of the browser starts with the choice; a change there reaches this one.
      const other = await tab.context.newPage();
      await other.emulateMedia({ colorScheme: 'dark' });
      await other.goto(`${service.url}/console`);
      await other.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await themeOf(other)).to.equal('light');
      await toggle(other).click();
      await themed(other, 'dark');
      await themed(page, 'dark');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('reads well in the dark theme on every page', async () => {
    const { service, receiver } = world();
    await ok(
      service.api.post('/v1/webhooks', service.admin, {
        merchant_id: MERCHANT,
        url: `${receiver.url}/dark`,
        description: 'Orders',
      }),
    );
    const published = await ok(service.api.post('/v1/process-definitions', service.admin, REVIEW));
    await ok(
      service.api.post(`/v1/process-definitions/${REVIEW.id}/activate`, service.admin, {
        version: published.version,
      }),
      200,
    );
    const completed = await run(service, { amount: 5, lines: [1, 2] }, 'completed');
    const waiting = await run(service, { amount: 500, lines: [] }, 'waiting');

    const tab = await openTab(world().browser, DESKTOP);
    try {
      const { page } = tab;
      page.setDefaultTimeout(10_000);
      await page.emulateMedia({ colorScheme: 'dark' });
      await signInToConsole(page, service, service.admin);
      const pages: Array<[string, string, () => Locator]> = [
        ['overview', 'overview', () => page.getByRole('heading', { name: 'Overview' })],
        ['projections', 'projections', () => page.getByRole('table', { name: 'Projections' })],
        ['merchants', 'merchants', () => page.locator('.merchant-card').first()],
        ['merchant', `merchants/${MERCHANT}`, () => page.locator('.endpoint-panel').first()],
        ['instances', 'processes', () => page.getByRole('table', { name: 'Process instances' })],
        [
          'definitions',
          'processes/definitions',
          () => page.getByRole('table', { name: 'Process definitions' }),
        ],
        [
          'definition',
          `processes/definitions/${REVIEW.id}`,
          () => page.getByRole('table', { name: `Instances of ${REVIEW.id}` }),
        ],
        [
          'instance',
          `processes/instances/${completed}`,
          () => page.locator('[data-step="price"][data-lane="lines[1]"]'),
        ],
        [
          'instance-waiting',
          `processes/instances/${waiting}`,
          () => page.getByRole('region', { name: 'Waiting for approval' }),
        ],
        ['audit', 'audit', () => page.getByRole('list', { name: 'Events' })],
        [
          'portal-links',
          'portal-links',
          () => page.getByRole('heading', { name: 'Create a link' }),
        ],
      ];
      for (const [name, route, shown] of pages) {
        await page.goto(`${service.url}/console#/${route}`);
        await shown().waitFor();
        await settled(page);
        expect(await themeOf(page)).to.equal('dark');
        await expectAccessible(page, `the ${name} page in the dark theme`);
        await screenshot(page, `console-dark-${name}`);
      }
      await page.goto(`${service.url}/console#/audit`);
      await page.getByRole('list', { name: 'Events' }).getByRole('link').first().click();
      await page.locator('.page-header').waitFor();
      await settled(page);
      await expectAccessible(page, 'an event of the audit log in the dark theme');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
});
