import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { FAST_DELIVERY, eventually } from '../support/delivery.js';
import type { Behaviour } from '../support/receiver.js';
import { receiverPool, verifies } from '../support/receiver.js';
import { skipSuite } from '../support/skipSuite.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';
import { expectAccessible } from './support/axe.js';
import type { TestPage } from './support/browser.js';
import { PHONE, browserUnavailable, launchBrowser, openTab } from './support/browser.js';
import { screenshot } from './support/screenshots.js';
import { openPortal } from './support/signIn.js';

const TITLE = 'the portal’s deliveries panel in a browser';

/** Every attempt a failing message gets: the first and one per retry of FAST_DELIVERY. */
const ATTEMPTS_UNTIL_FAILED = FAST_DELIVERY.SLUICE_RETRY_SCHEDULE_S.split(',').length + 1;

type Message = { event_id: string; status: string };

const suite = () => {
  // Fast retries, so a message that keeps failing is "failed" within a second, not hours.
  let service: TestService;
  let browser: Browser;
  const receivers = receiverPool();
  before(async () => {
    service = await startTestService(FAST_DELIVERY);
    browser = await launchBrowser();
  });
  afterEach(() => receivers.closeAll());
  after(async () => {
    await browser?.close();
    await service?.stop();
  });

  /** An endpoint of the merchant at a receiver of its own, and the secret it signs with. */
  const endpointAt = async (merchantId: string, behaviour?: Behaviour) => {
    const receiver = await receivers.start(behaviour);
    const endpoint = { merchant_id: merchantId, url: receiver.url, description: 'Orders' };
    const made = await service.api.post('/v1/webhooks', service.admin, endpoint);
    expect(made.status, made.text).to.equal(201);
    const id = made.body.id as string;
    const secret = await service.api.get(`/v1/webhooks/${id}/secret`, service.admin);
    expect(secret.status, secret.text).to.equal(200);
    return { id, receiver, secret: secret.body.key as string };
  };

  const publish = async (merchantId: string, type: string, data: Record<string, unknown>) => {
    const event = { type, merchant_id: merchantId, data };
    const res = await service.api.post('/v1/events', service.admin, event);
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };

  /** Waits until the event's message to the endpoint is in `status`. */
  const settled = (endpointId: string, eventId: string, status: string) =>
    eventually(
      async () => {
        const list = await service.api.get(`/v1/webhooks/${endpointId}/messages`, service.admin);
        return (list.body.data as Message[]).find((m) => m.event_id === eventId);
      },
      (m) => m?.status === status,
    );

  /** The portal open on the endpoint's page, as the merchant, at its deliveries panel. */
  const openPanel = async (tab: TestPage, merchantId: string, id: string, can?: string[]) => {
    await openPortal(tab.page, service, merchantId, can);
    await tab.page.evaluate(`window.location.hash = '#/endpoints/${id}'`);
    await tab.page.getByRole('heading', { name: 'Deliveries', exact: true }).waitFor();
    await tab.page.locator('.bar-chart canvas').waitFor();
  };

  const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

  const statValue = (page: Page, term: string) =>
    page.locator(`.delivery-stat:has(dt:text-is("${term}")) .delivery-stat-value`).textContent();

  it('sends a test event the receiver verifies, and shows its attempt without a reload', async () => {
    const merchant = 'mer_deliveries_test';
    const { id, receiver, secret } = await endpointAt(merchant);
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPanel(tab, merchant, id);
      await page.evaluate('window.samePage = true');
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await page.getByLabel('Event data (JSON)').fill('{"order": "A-1001", "total": 4200}');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const eventId = (await page.locator('.send-done a').textContent())!.trim();

      const [delivery] = await receiver.waitFor(1);
      expect(verifies(delivery!, secret)).to.equal(true);
      expect(delivery!.body).to.include({ id: eventId, type: 'webhook.test' });
      expect(delivery!.body.data).to.deep.equal({ order: 'A-1001', total: 4200 });
      await settled(id, eventId, 'succeeded');

      await rowOf(page, eventId).filter({ hasText: 'Succeeded' }).waitFor();
      await page.getByRole('button', { name: 'Attempts', exact: true }).click();
      await rowOf(page, eventId).filter({ hasText: 'HTTP 200' }).waitFor();
      expect(await page.evaluate('window.samePage')).to.equal(true);
      await expectAccessible(page, 'the deliveries panel');
      await screenshot(page, 'portal-deliveries');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('shows a failing message under "failed" with every answer, and resends it once the receiver is back', async () => {
    const merchant = 'mer_deliveries_failing';
    let down = true;
    const { id, receiver, secret } = await endpointAt(merchant, () =>
      down ? { status: 500, body: '{"error":"database unavailable"}' } : { status: 200 },
    );
    const eventId = await publish(merchant, 'order.created', { order_id: 'ord_77', total: 1999 });
    await settled(id, eventId, 'failed');
    await receiver.waitFor(ATTEMPTS_UNTIL_FAILED);
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPanel(tab, merchant, id);
      const statuses = page.getByRole('group', { name: 'Message status' });
      await statuses.getByRole('button', { name: 'Succeeded' }).click();
      await page.getByRole('heading', { name: 'No succeeded messages' }).waitFor();
      expect(await rowOf(page, eventId).count()).to.equal(0);
      await statuses.getByRole('button', { name: 'Failed' }).click();
      const row = rowOf(page, eventId);
      await row.waitFor();
      expect(await row.textContent()).to.include('Failed');

      await row.getByRole('link', { name: 'order.created' }).click();
      await page.getByRole('heading', { name: `Message ${eventId}` }).waitFor();
      await page.locator('.attempt-answer').first().waitFor();
      expect(await page.getByLabel('The data of order.created').textContent()).to.include('ord_77');
      const answers = await page.locator('.attempt-answer').allTextContents();
      expect(answers).to.have.length(ATTEMPTS_UNTIL_FAILED);
      for (const answer of answers)
        expect(answer).to.include('HTTP 500').and.include('database unavailable');
      await expectAccessible(page, 'a failed message’s detail');
      await screenshot(page, 'portal-message-detail');

      down = false;
      await page.getByRole('button', { name: 'Resend' }).click();
      await page.getByText('Queued again with the same webhook-id.').waitFor();
      const all = await receiver.waitFor(ATTEMPTS_UNTIL_FAILED + 1);
      const again = all.at(-1)!;
      expect(again.headers['webhook-id']).to.equal(all[0]!.headers['webhook-id']);
      expect(again.body.id).to.equal(eventId);
      expect(verifies(again, secret)).to.equal(true);
      await settled(id, eventId, 'succeeded');
      await page.locator('.key-values').getByText('Succeeded').waitFor();
      expect(await page.locator('.attempt-answer').last().textContent()).to.include('HTTP 200');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('replays a window: the failed message is sent again with its webhook-id', async () => {
    const merchant = 'mer_deliveries_replay';
    let down = true;
    const { id, receiver } = await endpointAt(merchant, () => ({ status: down ? 503 : 200 }));
    const failed = await publish(merchant, 'invoice.sent', { invoice: 'inv_9' });
    await settled(id, failed, 'failed');
    const before = (await receiver.waitFor(ATTEMPTS_UNTIL_FAILED)).length;
    down = false;
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPanel(tab, merchant, id);
      await page.getByRole('button', { name: 'Replay a window' }).click();
      expect(await page.getByLabel('Only messages not delivered yet').isChecked()).to.equal(true);
      const replay = page.getByRole('button', { name: 'Replay', exact: true });
      // A window that starts after it ends: the API refuses it, and says why beside the button.
      await page.getByLabel('From', { exact: true }).fill('2099-01-01T00:00');
      await replay.click();
      expect(await page.getByRole('alert').textContent()).to.include('must not be after until');
      expect(receiver.received).to.have.length(before);
      await page.getByLabel('From', { exact: true }).fill('2000-01-01T00:00');
      await replay.click();
      await page.getByText('1 sent again, 0 sent for the first time.').waitFor();
      await expectAccessible(page, 'the replay form');
      await screenshot(page, 'portal-deliveries-replay');
      const all = await receiver.waitFor(before + 1);
      expect(all.at(-1)!.body.id).to.equal(failed);
      expect(all.at(-1)!.headers['webhook-id']).to.equal(all[0]!.headers['webhook-id']);
      await settled(id, failed, 'succeeded');
      await rowOf(page, failed).filter({ hasText: 'Succeeded' }).waitFor();
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('draws the chart with uPlot, with the totals of the stats route, in light, dark and on a phone', async () => {
    const merchant = 'mer_deliveries_chart';
    const { id } = await endpointAt(merchant, (_n, received) => ({
      status: received.body.type === 'invoice.sent' ? 500 : 204,
    }));
    const events = [
      await publish(merchant, 'order.created', { n: 1 }),
      await publish(merchant, 'order.created', { n: 2 }),
      await publish(merchant, 'invoice.sent', { n: 3 }),
    ];
    await Promise.all(events.slice(0, 2).map((e) => settled(id, e, 'succeeded')));
    await settled(id, events[2]!, 'failed');
    const stats = await service.api.get(`/v1/webhooks/${id}/stats`, service.admin);
    expect(stats.status, stats.text).to.equal(200);
    const buckets = stats.body.buckets as Array<{ succeeded: number; failed: number }>;
    const succeeded = buckets.reduce((sum, b) => sum + b.succeeded, 0);
    const failed = buckets.reduce((sum, b) => sum + b.failed, 0);
    expect([succeeded, failed]).to.deep.equal([2, ATTEMPTS_UNTIL_FAILED]);

    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPanel(tab, merchant, id);
      expect(await page.locator('.uplot canvas').count()).to.equal(1);
      expect(await statValue(page, 'Succeeded attempts')).to.equal(String(succeeded));
      expect(await statValue(page, 'Failed attempts')).to.equal(String(failed));
      const rate = Math.round((succeeded / (succeeded + failed)) * 100);
      expect(await statValue(page, 'Success rate')).to.equal(`${rate}%`);
      expect(await page.locator('figcaption').textContent()).to.include(
        `${succeeded + failed} attempts: ${succeeded} succeeded and ${failed} failed`,
      );
      // The last bar, at the right end of the plot, read out under the pointer.
      const plot = page.locator('.u-over');
      const { width, height } = (await plot.boundingBox())!;
      await plot.hover({ position: { x: width * (24.5 / 25), y: height - 4 } });
      await page.getByText(`${succeeded} succeeded, ${failed} failed`).waitFor();
      await page.getByRole('button', { name: '7 days' }).click();
      await page.locator('figcaption', { hasText: 'In the last 7 days' }).waitFor();
      expect(await statValue(page, 'Failed attempts')).to.equal(String(failed));

      // A dark page with a primary colour light enough to read on it, as a platform would pass.
      await page.goto(`${service.url}/portal?theme=dark#/endpoints/${id}`);
      await page.locator('.bar-chart canvas').waitFor();
      expect(await page.evaluate('document.documentElement.dataset.theme')).to.equal('dark');
      await expectAccessible(page, 'the deliveries panel, dark');
      await screenshot(page, 'portal-deliveries-dark');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }

    const phone = await openTab(browser, PHONE);
    try {
      await openPanel(phone, merchant, id);
      const sideways =
        'document.documentElement.scrollWidth - document.documentElement.clientWidth';
      await rowOf(phone.page, events[2]!).waitFor();
      expect(await phone.page.evaluate(sideways)).to.equal(0);
      await expectAccessible(phone.page, 'the deliveries panel on a phone');
      await screenshot(phone.page, 'portal-deliveries-phone');
      await rowOf(phone.page, events[2]!).getByRole('link').click();
      await phone.page.locator('.attempt-answer').first().waitFor();
      expect(await phone.page.evaluate(sideways)).to.equal(0);
      await screenshot(phone.page, 'portal-message-detail-phone');
      expect(phone.faults).to.deep.equal([]);
    } finally {
      await phone.close();
    }
  });

  it('offers no test send, resend or replay to a session without "send", which the API refuses too', async () => {
    const merchant = 'mer_deliveries_viewer';
    const { id, receiver } = await endpointAt(merchant);
    const eventId = await publish(merchant, 'order.created', { order_id: 'ord_1' });
    await settled(id, eventId, 'succeeded');
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPanel(tab, merchant, id, ['view']);
      await rowOf(page, eventId).getByRole('link').click();
      await page.locator('.attempt-answer').first().waitFor();
      for (const name of ['Send a test event', 'Replay a window', 'Resend'])
        expect(await page.getByRole('button', { name }).count(), name).to.equal(0);
      const token = await page.evaluate<string>(
        `JSON.parse(sessionStorage.getItem('sluice.portal.session')).token`,
      );
      const refused = await service.api.post('/v1/webhooks/test', token, { endpoint_id: id });
      expect(refused.status, refused.text).to.equal(403);
      expect(receiver.received).to.have.length(1);
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });
};

const unavailable = browserUnavailable();
if (unavailable) skipSuite(TITLE, unavailable);
else
  describe(TITLE, function () {
    this.timeout(60_000);
    suite();
  });
