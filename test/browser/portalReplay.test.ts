import { expect } from 'chai';
import { FAST_DELIVERY, eventually } from '../support/delivery.js';
import { receiverPool } from '../support/receiver.js';
import { skipSuite } from '../support/skipSuite.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';
import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { browserUnavailable, launchBrowser, openTab } from './support/browser.js';
import { screenshot } from './support/screenshots.js';
import { openPortal } from './support/signIn.js';

const TITLE = 'the portal’s replay of a window in a browser';
const UNSENT = 'Also send events never sent to this endpoint';

const suite = () => {
  let service: TestService;
  let browser: Browser;
  const receivers = receiverPool();
  before(async () => {
    service = await startTestService(FAST_DELIVERY);
    browser = await launchBrowser();
  });
  after(async () => {
    await receivers.closeAll();
    await browser?.close();
    await service?.stop();
  });

  const publish = async (merchantId: string, n: number) => {
    const event = { type: 'order.created', merchant_id: merchantId, data: { n } };
    const res = await service.api.post('/v1/events', service.admin, event);
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };

  it('says how many it sent again and how many for the first time, back-filling only when ticked', async () => {
    const merchant = 'mer_replay_counts';
    // Published before the endpoint existed.
    const earlier = [
      await publish(merchant, 1),
      await publish(merchant, 2),
      await publish(merchant, 3),
    ];
    const receiver = await receivers.start();
    const made = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: merchant,
      url: receiver.url,
      description: 'Orders',
    });
    expect(made.status, made.text).to.equal(201);
    const id = made.body.id as string;
    const sent = await publish(merchant, 4);
    await receiver.waitFor(1);

    const tab = await openTab(browser);
    try {
      const { page } = tab;
      await openPortal(page, service, merchant);
      await page.evaluate(`window.location.hash = '#/endpoints/${id}'`);
      await page.getByRole('heading', { name: 'Deliveries', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Replay a window' }).click();
      await page.getByLabel('From', { exact: true }).fill('2000-01-01T00:00');
      await page.getByLabel('Only messages not delivered yet').uncheck();
      expect(await page.getByLabel(UNSENT).isChecked()).to.equal(false);
      const replay = page.getByRole('button', { name: 'Replay', exact: true });

      await replay.click();
      await page
        .getByText(
          `1 sent again, 0 sent for the first time. 3 events never sent to this endpoint were left out: tick “${UNSENT}” to send them too.`,
        )
        .waitFor();
      const again = await receiver.waitFor(2);
      expect(again[1]!.body.id).to.equal(sent);

      await page.getByLabel(UNSENT).check();
      await replay.click();
      await page.getByText('1 sent again, 3 sent for the first time.', { exact: true }).waitFor();
      await expectAccessible(page, 'the replay form, after a back-fill');
      await screenshot(page, 'portal-replay-backfill');
      const all = await receiver.waitFor(6);
      expect(all.slice(2).map((d) => d.body.id)).to.have.members([...earlier, sent]);
      await eventually(
        async () =>
          (await service.api.get(`/v1/webhooks/${id}/messages`, service.admin)).body
            .data as unknown[],
        (messages) => messages.length === 4,
      );
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
