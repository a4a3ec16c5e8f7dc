import { expect } from 'chai';
import { createEndpoint } from './builders.js';
import type { EndpointInput } from './builders.js';
import { receiverPool } from './receiver.js';
import type { TestService } from './testService.js';
import { startTestService } from './testService.js';

/** Settings under which retries and timeouts happen in milliseconds, for tests of delivery. */
export const FAST_DELIVERY = {
  SLUICE_RETRY_SCHEDULE_S: '0.05,0.05,0.05,0.05,0.05',
  SLUICE_ATTEMPT_TIMEOUT_MS: '2000',
};

/** An endpoint of mer_acme pointing at `url`, and its signing secret. */
export const endpointWithSecret = async (
  service: TestService,
  url: string,
  input: EndpointInput = {},
) => {
  const endpoint = await createEndpoint(service, { url, ...input });
  const secret = await service.api.get(`/v1/webhooks/${endpoint.id}/secret`, service.admin);
  expect(secret.status).to.equal(200);
  return { endpoint, secret: secret.body.key as string };
};

export const publish = async (
  service: TestService,
  type: string,
  data: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => {
  const res = await service.api.post('/v1/events', service.admin, {
    type,
    merchant_id: 'mer_acme',
    data,
    ...extra,
  });
  expect(res.status, res.text).to.equal(201);
  return res.body as { id: string; type: string };
};

/** Polls a read until it satisfies `done` (reads are projections: they follow the log). */
export const eventually = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const attemptsOf = async (service: TestService, endpointId: string, query = '') =>
  (await service.api.get(`/v1/webhooks/${endpointId}/attempts?limit=100${query}`, service.admin))
    .body.data as Array<Record<string, any>>;

export const messagesOf = async (service: TestService, endpointId: string, query = '') =>
  (await service.api.get(`/v1/webhooks/${endpointId}/messages?limit=100${query}`, service.admin))
    .body.data as Array<Record<string, any>>;

/**
 * The fixture of the delivery suites: a fresh service with fast retries before each test, and
 * every receiver the test started closed after it. `harness.service` may be replaced by a test.
 */
export const deliveryHarness = (env: Record<string, string> = {}) => {
  const harness = { service: undefined as unknown as TestService, receivers: receiverPool() };
  beforeEach(async () => {
    harness.service = await startTestService({ ...FAST_DELIVERY, ...env });
  });
  afterEach(async () => {
    await harness.service.stop();
    await harness.receivers.closeAll();
  });
  return harness;
};
