import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** Where the browser tests leave a picture of each page they saw (git-ignored). */
export const SCREENSHOT_DIR = resolve(
  process.env.SLUICE_SCREENSHOT_DIR ?? 'test-output/screenshots',
);

let announced = false;

/** A full-page PNG of what the page shows now, named after it; returns its path. */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (!announced) {
    process.stderr.write(`browser tests: screenshots in ${SCREENSHOT_DIR}\n`);
    announced = true;
  }
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
};
