import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { WEB_DIR } from '../../../src/http/routes/pages.js';

/** Debian's Chromium: .ci/run installs it (apt-get install chromium) when it runs as root. */
export const CHROMIUM = process.env.SLUICE_TEST_CHROMIUM ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can. */
export const browserUnavailable = (): string | undefined => {
  if (!existsSync(CHROMIUM))
    return `no Chromium at ${CHROMIUM} (install it with: apt-get install -y chromium)`;
  if (!existsSync(join(WEB_DIR, 'portal', 'index.html')))
    return `the web pages are not built in ${WEB_DIR} (run npm run build)`;
  return undefined;
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export type TestPage = {
  page: Page;
  context: BrowserContext;
  /** What the page reported that a test must not let pass: errors, blocked scripts or styles. */
  faults: string[];
  close: () => Promise<void>;
};

/**
 * A fresh tab in a context of its own (its own session storage), recording the page's errors and
 * every Content-Security-Policy violation, so a test can insist there were none.
 */
export const openTab = async (
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<TestPage> => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const faults: string[] = [];
  page.on('pageerror', (error) => faults.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A refusal the page shows (the API's problem beside the action) logs its status too.
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text()))
      faults.push(`console error: ${message.text()}`);
  });
  return { page, context, faults, close: () => context.close() };
};
