import type { Browser } from 'playwright-core';
import { skipSuite } from '../../support/skipSuite.js';
import type { TestReceiver } from '../../support/receiver.js';
import { startTestReceiver } from '../../support/receiver.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';
import { browserUnavailable, launchBrowser } from './browser.js';

/** What a browser suite runs against: a whole service, a receiver for its webhooks, Chromium. */
export type BrowserWorld = { service: TestService; receiver: TestReceiver; browser: Browser };

/**
 * A suite of browser tests against a real service (started with `env`, when given) and receiver,
 * in Debian's Chromium; skipped, saying why, where there is no Chromium or the pages are not built.
 */
export const browserSuite = (
  title: string,
  body: (world: () => BrowserWorld) => void,
  env: Record<string, string> = {},
): void => {
  const reason = browserUnavailable();
  if (reason) return skipSuite(title, reason);
  describe(title, function () {
    this.timeout(60_000);
    const world: Partial<BrowserWorld> = {};
    before(async () => {
      world.service = await startTestService(env);
      world.receiver = await startTestReceiver();
      world.browser = await launchBrowser();
    });
    after(async () => {
      await world.browser?.close();
      await world.receiver?.close();
      await world.service?.stop();
    });
    body(() => world as BrowserWorld);
  });
};
