import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { expectAccessible } from './support/axe.js';
import { DESKTOP, openTab, PHONE } from './support/browser.js';
import type { BrowserWorld } from './support/browserSuite.js';
import { browserSuite } from './support/browserSuite.js';
import { screenshot } from './support/screenshots.js';
import { auditorKey, signInToConsole } from './support/signIn.js';

/** Listed first by name, and last by health: its one endpoint delivers. */
const CALM = 'mer_ops_a_calm';
/** One endpoint whose receiver answers 410 Gone, one that delivers. */
const TROUBLED = 'mer_ops_b_troubled';
/** Where the events that make a rebuild take a moment go: it has no endpoints. */
const BULK = 'mer_ops_bulk';
/** What a view-only link leaves out. */
const NOT_GRANTED = ['Manage endpoints', 'View signing secrets', 'Rotate signing secrets', 'Send'];
/** A count as the console writes it: 3,034. */
const numberOf = (text: string | undefined) => Number(text?.replace(/,/g, ''));

type Endpoint = { id: string; url: string; merchant_id: string };

/** A POST that must create what it names; its body. */
const create = async (service: TestService, path: string, body: unknown, key = service.admin) => {
  const answer = await service.api.post(path, key, body);
  expect(answer.status, answer.text).to.equal(201);
  return answer.body;
};

const publish = (service: TestService, merchant_id: string, data: unknown, key = service.admin) =>
  create(service, '/v1/events', { type: 'company.created', merchant_id, data }, key);

/** `count` events published at once, over admin keys made for it: the rate limit is per key. */
const publishMany = async (service: TestService, count: number, data: unknown) => {
  const keys: string[] = [];
  for (let i = 0; i < 20; i++)
    keys.push((await create(service, '/v1/api-keys', { role: 'admin', merchant_id: null })).key);
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) await publish(service, BULK, data, keys[n % 20]);
  };
  await Promise.all(Array.from({ length: 40 }, worker));
};

/** The first page (100 events) of the audit log through a query. */
const auditEvents = async (service: TestService, query: string): Promise<any[]> => {
  const page = await service.api.get(`/v1/audit/events?limit=100&${query}`, service.admin);
  expect(page.status, page.text).to.equal(200);
  return page.body.data;
};

/**
 * Signs in with `key` in a desktop tab of its own, opens `route`, runs `steps`, closes the tab.
 * The page may report no fault (an error, a blocked script).
 */
const inConsole = async (
  world: BrowserWorld,
  [key, route]: [string, string],
  steps: (page: Page) => Promise<void>,
) => {
  const tab = await openTab(world.browser, DESKTOP);
  try {
    await signInToConsole(tab.page, world.service, key);
    await tab.page.goto(`${world.service.url}/console#/${route}`);
    await steps(tab.page);
    expect(tab.faults).to.deep.equal([]);
  } finally {
    await tab.close();
  }
};

browserSuite('the console’s operations in a browser', (world) => {
  let goneReceiver: TestReceiver;
  let gone: Endpoint;
  let healthy: Endpoint;
  let example: unknown;

  // Two merchants' endpoints: one of them disabled by the service after its receiver said 410.
  before(async function () {
    this.timeout(30_000);
    const { service, receiver } = world();
    const type = await service.api.get('/v1/event-types/company.created', service.admin);
    example = type.body.examples[0];
    goneReceiver = await startTestReceiver(() => ({ status: 410 }));
    const endpoint = (merchant_id: string, url: string, description: string) =>
      create(service, '/v1/webhooks', { merchant_id, url, description }) as Promise<Endpoint>;
    await endpoint(CALM, `${receiver.url}/calm`, 'Ledger sync');
    gone = await endpoint(TROUBLED, goneReceiver.url, 'Legacy order hook');
    healthy = await endpoint(TROUBLED, `${receiver.url}/troubled`, 'Order updates');
    await publish(service, CALM, example);
    await publish(service, TROUBLED, example);
    await receiver.waitFor(2);
    for (let tries = 0; ; tries++) {
      const read = await service.api.get(`/v1/webhooks/${gone.id}`, service.admin);
      if (read.body.disabled_reason === 'gone') break;
      if (tries === 100) throw new Error('the endpoint answering 410 was not disabled');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  after(() => goneReceiver?.close());

  it('rebuilds a projection while the operator watches its progress', async function () {
    this.timeout(60_000);
    const { service } = world();
    await publishMany(service, 3000, example);
    await inConsole(world(), [service.admin, 'projections'], async (page) => {
      await page.getByRole('button', { name: 'Rebuild events', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Rebuild events?' });
      await dialog.getByRole('button', { name: 'Rebuild', exact: true }).click();
      // The bar and its count are read at once: a short rebuild replaces them within a second.
      const bar = page.locator('progress[aria-label="Rebuild of events"]');
      await bar.waitFor();
      // Read at once, in one call: a short rebuild replaces the bar within a second.
      const count = await bar.evaluate((element) => element.parentElement?.textContent ?? '');
      const [, done, total] = /^([\d,]+) of ([\d,]+) events applied/.exec(count) ?? [];
      expect(numberOf(total), count).to.be.greaterThan(3000);
      expect(numberOf(done)).to.be.at.most(numberOf(total));
      await screenshot(page, 'console-projection-rebuild');
      await expectAccessible(page, 'the projections during a rebuild');
      await page.getByText(/^Rebuilt at/).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('progressbar').count()).to.equal(0);
      const row = page.getByRole('row').filter({ has: page.getByText('Rebuilt at') });
      expect(await row.textContent()).to.match(/^events\s*liveRebuilt at .* from [\d,]+ events/);
      const read = await service.api.get('/v1/admin/projections/events', service.admin);
      expect(read.body).to.include({ status: 'live', rebuild: null });
    });
  });

  it('lists the merchants with failing endpoints first, and replays a window of one', async () => {
    const { service, receiver } = world();
    // The browser reports the refused replay itself: nothing else may go wrong.
    await inConsole(world(), [service.admin, 'merchants'], async (page) => {
      const cards = page.locator('.merchant-card');
      await cards.first().waitFor();
      expect(await cards.count()).to.equal(2);
      // The troubled merchant first, though another comes before it by name; and in it, the
      // endpoint disabled by Sluice first, though the other one is newer.
      const first = cards.first();
      expect(await first.getByRole('heading').textContent()).to.equal(TROUBLED);
      const listed = await first.getByRole('listitem').allTextContents();
      expect(listed[0]).to.include(`${gone.url}Legacy order hookDisabled by Sluice`);
      expect(listed[1]).to.include(`${healthy.url}Order updatesDelivering`);
      await expectAccessible(page, 'the merchants');
      await screenshot(page, 'console-merchants');
      await first.getByRole('link', { name: TROUBLED }).click();
      await page.getByRole('heading', { name: TROUBLED, level: 1 }).waitFor();
      const firstPanel = page.locator('.endpoint-panel').first();
      expect(await firstPanel.getByRole('heading').textContent()).to.equal(gone.url);
      const panel = page.getByRole('region', { name: healthy.url });
      expect(await panel.textContent()).to.include('1 delivered');
      await expectAccessible(page, 'a merchant');
      await screenshot(page, 'console-merchant');
      const before = receiver.received.filter((r) => r.path === '/hooks/troubled');
      expect(before).to.have.length(1);
      const receivedBefore = receiver.received.length;
      await panel.getByText('Replay a window').click();
      await panel.getByLabel('Only messages not yet delivered').uncheck();
      await panel.getByRole('button', { name: /^Replay window/ }).click();
      await panel
        .getByRole('status')
        .filter({ hasText: '1 sent again, 0 sent for the first time' })
        .waitFor();
      await receiver.waitFor(receivedBefore + 1);
      const again = receiver.received.filter((r) => r.path === '/hooks/troubled');
      expect(again[1]!.headers['webhook-id']).to.equal(before[0]!.headers['webhook-id']);
      // The disabled endpoint cannot be replayed: the API says why, beside the button.
      const disabled = page.getByRole('region', { name: gone.url });
      await disabled.getByText('Replay a window').click();
      await disabled.getByRole('button', { name: /^Replay window/ }).click();
      expect(await disabled.getByRole('alert').textContent()).to.include('disabled');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'console-merchant-phone');
    });
  });

  it('shows the merchants whose data was erased, when and why', async () => {
    const { service } = world();
    const erased = await service.api.post('/v1/merchants/mer_forgotten/erase', service.admin, {
      reason: 'Erasure request #77',
    });
    expect(erased.status, erased.text).to.equal(202);
    await inConsole(world(), [service.admin, 'merchants'], async (page) => {
      const section = page.getByRole('region', { name: 'Erased merchants' });
      const row = section.getByRole('row').filter({ hasText: 'mer_forgotten' });
      await row.waitFor();
      expect(await row.textContent()).to.include('Erasure request #77');
      await expectAccessible(page, 'the erased merchants');
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'console-erased-merchants');
    });
  });

  it('filters the audit log by a stream, and follows causation and correlation', async () => {
    const { service } = world();
    const stream = `webhook_endpoint-${gone.id}`;
    const ofStream = await auditEvents(service, `stream=${stream}`);
    const disabling = ofStream.find((e) => e.type === 'webhook_endpoint.updated')!;
    const { causation_id: causation, correlation_id: correlation } = disabling.metadata;
    const chain = await auditEvents(service, `correlation_id=${correlation}`);
    await inConsole(world(), [service.admin, 'audit'], async (page) => {
      await page.getByLabel('Stream').fill(stream);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByRole('heading', { name: new RegExp(`Events of stream ${stream}`) }).waitFor();
      const listed = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
      expect(await listed.count()).to.equal(ofStream.length);
      expect(page.url()).to.include(`stream=${stream}`);
      await listed.last().getByText('Data', { exact: true }).click();
      await expectAccessible(page, 'the audit log by stream');
      await screenshot(page, 'console-audit');
      await page.getByRole('link', { name: 'webhook_endpoint.updated' }).click();
      await page.getByRole('heading', { name: 'webhook_endpoint.updated', level: 1 }).waitFor();
      expect(await page.locator('.page-header').textContent()).to.include(disabling.id);
      await page.getByRole('link', { name: causation! }).click();
      const cause = chain.find((e) => e.id === causation)!;
      await page.getByRole('heading', { name: cause.type, level: 1 }).waitFor();
      expect(await page.locator('.page-header').textContent()).to.include(causation);
      // The cause lists what it caused: the endpoint's disabling among them.
      const caused = page.getByRole('region', { name: 'Events it caused' });
      await caused.getByRole('link').first().waitFor();
      expect(await caused.textContent()).to.include('webhook_endpoint.updated');
      await expectAccessible(page, 'an event of the audit log');
      await screenshot(page, 'console-audit-followed');
      await page.getByRole('link', { name: correlation!, exact: true }).click();
      const title = `Events of correlation ${correlation}`;
      await page.getByRole('heading', { name: new RegExp(title) }).waitFor();
      const ids = await page
        .getByRole('list', { name: 'Events' })
        .locator('.audit-event-facts div:first-child code')
        .allTextContents();
      expect(ids).to.deep.equal(chain.map((e) => e.id));
      expect(ids).to.include(disabling.id).and.include(causation);
      await page.setViewportSize(PHONE);
      await expectAccessible(page, 'the audit log by correlation, phone');
      await screenshot(page, 'console-audit-correlation-phone');
    });
  });

  it('creates a view-only portal link that opens the portal once', async () => {
    const { service } = world();
    let url = '';
    await inConsole(world(), [service.admin, 'portal-links'], async (page) => {
      await page.getByRole('heading', { name: 'Create a link' }).waitFor();
      const form = page.getByRole('region', { name: 'Create a link' });
      await form.getByLabel('Merchant').fill(CALM);
      for (const capability of NOT_GRANTED)
        await form.getByLabel(capability, { exact: true }).uncheck();
      await form.getByLabel('Expires after').selectOption({ label: '1 day' });
      await form.getByRole('button', { name: 'Create link' }).click();
      const link = form.getByLabel('Portal link', { exact: true });
      await link.waitFor();
      url = await link.inputValue();
      expect(url).to.match(/\/portal#code=/);
      expect(await form.textContent()).to.include('It works once');
      expect(await form.getByRole('list', { name: 'Capabilities' }).textContent()).to.equal('View');
      await expectAccessible(page, 'a new portal link');
      await screenshot(page, 'console-portal-link');
    });
    const created = await auditEvents(service, `type=portal_session.created&merchant_id=${CALM}`);
    expect(created.map((e) => e.data.capabilities)).to.deep.equal([['view']]);
    // The link's fragment, opened on this service whatever base it was made for.
    const portal = `${service.url}/portal${new URL(url).hash}`;
    // The first opening signs in as the merchant; the second finds the link used up.
    for (const heading of ['Endpoints', 'This link was already used or has expired']) {
      const opened = await openTab(world().browser);
      try {
        await opened.page.goto(portal);
        await opened.page.getByRole('heading', { name: heading, exact: true }).waitFor();
        if (heading === 'Endpoints')
          expect(await opened.page.locator('header').textContent()).to.include(CALM);
      } finally {
        await opened.close();
      }
    }
  });

  it('warns that nothing is known of a merchant id before its link is handed on', async () => {
    await inConsole(world(), [world().service.admin, 'portal-links'], async (page) => {
      const form = page.getByRole('region', { name: 'Create a link' });
      await form.getByLabel('Merchant').fill('mer_acmee');
      await form.getByRole('button', { name: 'Create link' }).click();
      await form.getByLabel('Portal link', { exact: true }).waitFor();
      const warning = form.getByRole('alert');
      expect(await warning.textContent()).to.include('mer_acmee');
      await expectAccessible(page, 'a portal link for an unknown merchant');
      await screenshot(page, 'console-portal-link-unknown');
    });
  });

  it('shows an auditor every page, and each action the API’s refusal', async () => {
    const { service, receiver } = world();
    const key = await auditorKey(service);
    const sessionsBefore = await auditEvents(service, 'type=portal_session.created');
    const receivedBefore = receiver.received.length;
    await inConsole(world(), [key, 'projections'], async (page) => {
      await page.getByRole('button', { name: 'Rebuild deliveries', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Rebuild deliveries?' });
      await dialog.getByRole('button', { name: 'Rebuild', exact: true }).click();
      expect(await dialog.getByRole('alert').textContent()).to.include('is not allowed to do');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('navigation').getByRole('link', { name: 'Merchants' }).click();
      await page.locator('.merchant-card').first().waitFor();
      await page.getByRole('link', { name: TROUBLED }).click();
      const panel = page.getByRole('region', { name: healthy.url });
      await panel.getByText('Replay a window').click();
      await panel.getByRole('button', { name: /^Replay window/ }).click();
      expect(await panel.getByRole('alert').textContent()).to.include('not allowed');
      await expectAccessible(page, 'a merchant, refused to an auditor');
      await screenshot(page, 'console-auditor-refused');
      await page.getByRole('button', { name: 'Create portal link' }).click();
      const linkForm = page.getByRole('region', { name: `Portal link for ${TROUBLED}` });
      await linkForm.getByRole('button', { name: 'Create link' }).click();
      expect(await linkForm.getByRole('alert').textContent()).to.include('not allowed');
      await page.getByRole('link', { name: 'Audit log' }).first().click();
      await page.getByRole('list', { name: 'Events' }).waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Portal links' }).click();
      await page.getByRole('heading', { name: 'Create a link' }).waitFor();
    });
    const deliveries = await service.api.get('/v1/admin/projections/deliveries', service.admin);
    expect(deliveries.body).to.include({ status: 'live', rebuild: null });
    expect(await auditEvents(service, 'type=portal_session.created')).to.deep.equal(sessionsBefore);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.length).to.equal(receivedBefore);
  });
});
