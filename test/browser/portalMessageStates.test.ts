import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '../support/delivery.js';
import type { Behaviour } from '../support/receiver.js';
import { receiverPool } from '../support/receiver.js';
import { skipSuite } from '../support/skipSuite.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';
import { expectAccessible } from './support/axe.js';
import type { TestPage } from './support/browser.js';
import { browserUnavailable, launchBrowser, openTab } from './support/browser.js';
import { screenshot } from './support/screenshots.js';
import { openPortal } from './support/signIn.js';

const TITLE = 'the portal’s messages whose payload is gone, in retry, and their times';

type Message = { event_id: string; status: string; attempts: number };

const suite = () => {
  let browser: Browser;
  const receivers = receiverPool();
  const services: TestService[] = [];
  before(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await receivers.closeAll();
    for (const service of services.splice(0)) await service.stop();
  });
  after(() => browser?.close());

  const start = async (env: Record<string, string>) => {
    const service = await startTestService(env);
    services.push(service);
    return service;
  };

  const endpointAt = async (service: TestService, merchant: string, behaviour: Behaviour) => {
    const receiver = await receivers.start(behaviour);
    const made = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: merchant,
      url: receiver.url,
    });
    expect(made.status, made.text).to.equal(201);
    return { id: made.body.id as string, receiver };
  };

  const publish = async (service: TestService, merchant: string) => {
    const res = await service.api.post('/v1/events', service.admin, {
      type: 'order.created',
      merchant_id: merchant,
      data: { order_id: 'ord_42', total: 4200 },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };

  const messageOf = (service: TestService, endpointId: string, eventId: string) =>
    eventually(
      async () => {
        const list = await service.api.get(`/v1/webhooks/${endpointId}/messages`, service.admin);
        return (list.body.data as Message[]).find((m) => m.event_id === eventId);
      },
      (m) => m !== undefined,
    ) as Promise<Message & Record<string, unknown>>;

  /** The portal, as the merchant with every capability, on the message's detail. */
  const openMessage = async (
    tab: TestPage,
    service: TestService,
    merchant: string,
    ids: string[],
  ) => {
    const [endpointId, eventId] = ids;
    await openPortal(tab.page, service, merchant);
    await tab.page.evaluate(
      `window.location.hash = '#/endpoints/${endpointId}?message=${eventId}'`,
    );
    await tab.page.getByRole('heading', { name: `Message ${eventId}` }).waitFor();
    await tab.page.locator('.attempt-answer').first().waitFor();
  };

  /** No payload shown as null, no answer said to have had no body, and no Resend to click. */
  const expectGone = async (page: Page, because: 'erased' | 'expired') => {
    const detail = page.locator('section[aria-labelledby="message-detail-heading"]');
    expect(await detail.getByLabel('The data of order.created').count()).to.equal(0);
    expect(await detail.textContent()).to.not.include('The response had no body');
    expect(await page.getByRole('button', { name: 'Resend' }).count()).to.equal(0);
    const answer = await detail.locator('.attempt-answer').first().textContent();
    expect(answer).to.include(because === 'erased' ? 'was erased' : 'no longer kept');
  };

  it('says a payload past the retention expired, and when, and offers no Resend', async () => {
    // Three seconds of retention: keys of one-second periods.
    const service = await start({ SLUICE_PAYLOAD_RETENTION_DAYS: String(3 / 86_400) });
    const merchant = 'mer_states_expired';
    const { id, receiver } = await endpointAt(service, merchant, () => ({
      status: 200,
      body: '{"received":true}',
    }));
    const eventId = await publish(service, merchant);
    await receiver.waitFor(1);
    const expired = await eventually(
      () => messageOf(service, id, eventId),
      (m) => m.data_expired === true,
    );
    // The answer was sealed when it came, a moment after the event: its period may end later.
    await eventually(
      () => service.api.get(`/v1/webhooks/${id}/attempts`, service.admin),
      (r) => (r.body.data as Array<Record<string, unknown>>)[0]?.response_body_expired === true,
    );
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openMessage(tab, service, merchant, [id, eventId]);
      const note = page.getByRole('note');
      await note.getByText('Payload expired on').waitFor();
      const when = note.locator('time');
      expect(await when.getAttribute('datetime')).to.equal(expired.data_expired_at);
      expect(await note.textContent()).to.include('It cannot be sent again');
      await expectGone(page, 'expired');
      await expectAccessible(page, 'a message whose payload expired');
      await screenshot(page, 'portal-message-expired');
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('says an erased merchant’s payload was erased, and offers no Resend', async () => {
    const service = await start({});
    const merchant = 'mer_states_erased';
    const { id, receiver } = await endpointAt(service, merchant, () => ({
      status: 500,
      body: '{"error":"database unavailable"}',
    }));
    const eventId = await publish(service, merchant);
    await receiver.waitFor(1);
    // Its answer recorded (sealed under the key the erasure destroys) before the erasure.
    await eventually(
      () => messageOf(service, id, eventId),
      (m) => m.attempts === 1,
    );
    const erasure = await service.api.post(`/v1/merchants/${merchant}/erase`, service.admin, {
      reason: 'the merchant asked',
    });
    expect(erasure.status, erasure.text).to.equal(202);
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openMessage(tab, service, merchant, [id, eventId]);
      const note = page.getByRole('note');
      await note.getByText('Payload erased on').waitFor();
      expect(await note.locator('time').getAttribute('datetime')).to.equal(erasure.body.erased_at);
      await expectGone(page, 'erased');
      // Its pending retry was abandoned with the erasure: no next attempt is announced.
      expect(await page.locator('.attempt-answer').last().textContent()).to.not.include(
        'Next attempt',
      );
      // The list says it too, beside the event.
      await page.getByRole('link', { name: '← All messages' }).click();
      const row = page.getByRole('row').filter({ hasText: eventId });
      await row.getByText('Payload erased').waitFor();
      expect(tab.faults).to.deep.equal([]);
    } finally {
      await tab.close();
    }
  });

  it('labels a message whose tries fail Retrying, with its next try, and tells its attempts apart by the second', async () => {
    // The second try over a second after the first, the third a minute away: in retry meanwhile.
    const service = await start({
      SLUICE_RETRY_SCHEDULE_S: '1.2,60',
      SLUICE_ATTEMPT_TIMEOUT_MS: '2000',
    });
    const merchant = 'mer_states_retrying';
    const { id, receiver } = await endpointAt(service, merchant, () => ({ status: 503 }));
    const eventId = await publish(service, merchant);
    await receiver.waitFor(2);
    const message = await eventually(
      () => messageOf(service, id, eventId),
      (m) => m.attempts === 2,
    );
    expect(message.status).to.equal('pending');
    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPortal(page, service, merchant);
      await page.evaluate(`window.location.hash = '#/endpoints/${id}'`);
      const row = page.getByRole('row').filter({ hasText: eventId });
      await row.waitFor();
      const status = await row.locator('td').nth(1).textContent();
      expect(status).to.include('Retrying').and.include('Next try').and.not.include('Pending');
      const nextTry = row.locator('td').nth(1).locator('time');
      expect(await nextTry.getAttribute('datetime')).to.equal(message.next_attempt_at);

      await page.getByRole('button', { name: 'Attempts', exact: true }).click();
      const times = page.getByRole('table', { name: 'Attempts' }).locator('tbody time');
      await eventually(
        () => times.count(),
        (n) => n === 2,
      );
      const shown = await times.allTextContents();
      expect(shown[0]).to.match(/\d:\d\d:\d\d/);
      expect(shown[0], 'two attempts over a second apart read alike').to.not.equal(shown[1]);
      const attempts = await service.api.get(`/v1/webhooks/${id}/attempts`, service.admin);
      const created = (attempts.body.data as Array<{ created_at: string }>).map(
        (a) => a.created_at,
      );
      for (const [i, time] of (await times.all()).entries()) {
        expect(await time.getAttribute('datetime')).to.equal(created[i]);
        expect(await time.getAttribute('title')).to.include(created[i]);
      }
      await expectAccessible(page, 'attempts to the second');
      await screenshot(page, 'portal-attempts-seconds');
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
