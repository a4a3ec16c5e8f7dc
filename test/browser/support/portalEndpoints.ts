import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { Received, TestReceiver } from '../../support/receiver.js';
import type { TestService } from '../../support/testService.js';
import type { TestPage } from './browser.js';

/** What the portal's endpoint tests share: the merchant, endpoints made by the admin, waits. */
export const MERCHANT = 'mer_browser_endpoints';

/** An endpoint of `merchant` on the test receiver, made with the admin key. */
export const makeEndpoint = async (service: TestService, url: string, extra: object = {}) => {
  const made = await service.api.post('/v1/webhooks', service.admin, {
    merchant_id: MERCHANT,
    url,
    ...extra,
  });
  expect(made.status, made.text).to.equal(201);
  return made.body as { id: string; url: string };
};

export const adminGet = async (service: TestService, path: string) => {
  const answer = await service.api.get(path, service.admin);
  expect(answer.status, answer.text).to.equal(200);
  return answer.body;
};

export const publish = async (service: TestService, type: string, data: object) => {
  const published = await service.api.post('/v1/events', service.admin, {
    type,
    merchant_id: MERCHANT,
    data,
  });
  expect(published.status, published.text).to.equal(201);
};

/** The first request the receiver got at `path`, waiting for it up to 10 s. */
export const receivedAt = async (receiver: TestReceiver, path: string): Promise<Received> => {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const found = receiver.received.find((r) => r.path === path);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing was delivered to ${path}`);
};

/** Waits until the service has disabled an endpoint for the reason given. */
export const disabledFor = async (service: TestService, id: string, reason: string) => {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if ((await adminGet(service, `/v1/webhooks/${id}`)).disabled_reason === reason) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`endpoint ${id} was not disabled (${reason})`);
};

/** Opens an endpoint's page in a portal already open in `page`. */
export const openEndpoint = async (page: Page, id: string, url: string) => {
  await page.evaluate(`location.hash = '#/endpoints/${id}'`);
  await page.getByRole('heading', { name: url, level: 1 }).waitFor();
};

/** Nothing went wrong in the page (the API's refusals it shows are not faults). */
export const expectNoFaults = (tab: TestPage) => expect(tab.faults).to.deep.equal([]);

export const inputValues = (page: Page) =>
  page.evaluate<string>(
    `[...document.querySelectorAll('input, textarea')].map((i) => i.value).join('\\n')`,
  );
