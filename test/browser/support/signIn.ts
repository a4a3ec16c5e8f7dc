import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { TestService } from '../../support/testService.js';

/**
 * Opens the merchant portal in `page` from a link the admin makes now, with the capabilities given
 * (all when none are), and waits for the endpoints page.
 */
export const openPortal = async (
  page: Page,
  service: TestService,
  merchantId: string,
  capabilities?: string[],
): Promise<void> => {
  const link = await service.api.post('/v1/portal/sessions', service.admin, {
    merchant_id: merchantId,
    ...(capabilities && { capabilities }),
  });
  expect(link.status, link.text).to.equal(201);
  // The link's fragment, opened on this service whatever base it was made for.
  const fragment = new URL(link.body.url as string).hash;
  await page.goto(`${service.url}/portal${fragment}`);
  await page.getByRole('heading', { name: 'Endpoints', exact: true }).waitFor();
};

/** Signs in to the console in `page` with `key`, and waits for its first page, the overview. */
export const signInToConsole = async (
  page: Page,
  service: TestService,
  key: string,
): Promise<void> => {
  await page.goto(`${service.url}/console`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', exact: true, level: 1 }).waitFor();
};

/** A new auditor key, made by the admin. */
export const auditorKey = async (service: TestService): Promise<string> => {
  const made = await service.api.post('/v1/api-keys', service.admin, {
    role: 'auditor',
    merchant_id: null,
    name: 'browser test auditor',
  });
  expect(made.status, made.text).to.equal(201);
  return made.body.key as string;
};
