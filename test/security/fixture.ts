import { expect } from 'chai';
import type { Logger } from '../../src/logging/logger.js';
import { createKey } from '../support/builders.js';
import { FAST_DELIVERY, eventually } from '../support/delivery.js';
import { activeDefinition } from '../support/processes.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

export const OWNER = 'mer_owner';
export const OTHER = 'mer_other';
export const DEFINITION = 'sec.review';

/** A definition whose instances wait for a person twice: a user action, then an approval. */
const reviewDefinition = {
  id: DEFINITION,
  name: 'Review',
  input_schema: { type: 'object' },
  steps: [
    { id: 'confirm', type: 'user_action' },
    { id: 'approve', type: 'approval' },
  ],
};

/** Real things of the owner that path parameters can name. */
export type Resources = {
  endpoint_id: string;
  event_id: string;
  instance_id: string;
  key_id: string;
};

export type Keys = {
  admin: string;
  owner: string;
  other: string;
  auditor: string;
  publisher: string;
  revoked: string;
  /** The token of a portal session of the owner with the `view` capability alone. */
  portalView: string;
};

export type SecurityFixture = {
  service: TestService;
  receiver: TestReceiver;
  keys: Keys;
  /** Resources of the owner, with a delivery that failed once then succeeded. */
  resources: Resources;
  /** Another, independent set of the owner's resources (for calls that destroy them). */
  freshResources: () => Promise<Resources>;
  stop: () => Promise<void>;
};

const post = async (service: TestService, path: string, body: unknown) => {
  const res = await service.api.post(path, service.admin, body);
  expect(res.status, `${path}: ${res.text}`).to.be.within(200, 299);
  return res.body as Record<string, any>;
};

/** The token of a portal session of the merchant with only these capabilities. */
const portalToken = async (
  service: TestService,
  merchantId: string,
  capabilities: string[],
): Promise<string> => {
  const session = await post(service, '/v1/portal/sessions', {
    merchant_id: merchantId,
    capabilities,
  });
  const code = decodeURIComponent(/#code=(.+)$/.exec(session.url as string)![1]!);
  const exchanged = await service.api.post('/v1/portal/exchange', undefined, { code });
  expect(exchanged.status, exchanged.text).to.equal(200);
  return exchanged.body.token as string;
};

/** An endpoint, an event delivered to it (one failed attempt, one success), a waiting instance and a key. */
const ownerResources = async (service: TestService, receiverUrl: string): Promise<Resources> => {
  const endpoint = await post(service, '/v1/webhooks', { merchant_id: OWNER, url: receiverUrl });
  const event = await post(service, '/v1/events', {
    type: 'order.created',
    merchant_id: OWNER,
    data: { order_id: 'ord_1' },
  });
  await eventually(
    () => service.api.get(`/v1/webhooks/${endpoint.id}/messages`, service.admin),
    (res) =>
      (res.body.data as Array<{ event_id: string; status: string }>).some(
        (m) => m.event_id === event.id && m.status === 'succeeded',
      ),
  );
  const instance = await post(service, `/v1/processes/${DEFINITION}/runs`, {
    merchant_id: OWNER,
  });
  await eventually(
    () => service.api.get(`/v1/process-instances/${instance.id}`, service.admin),
    (res) => res.body.status === 'waiting',
  );
  const key = await post(service, '/v1/api-keys', { role: 'merchant', merchant_id: OWNER });
  return {
    endpoint_id: endpoint.id as string,
    event_id: event.id as string,
    instance_id: instance.id as string,
    key_id: key.id as string,
  };
};

/**
 * One service with two merchants and a key of every kind, and real resources of the owner. The
 * receiver fails each event's first attempt, so every delivery has a failed and a retried attempt.
 */
export const startSecurityFixture = async (
  env: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<SecurityFixture> => {
  const seen = new Set<string>();
  const receiver = await startTestReceiver((_n, received) => {
    const first = !seen.has(received.body.id);
    seen.add(received.body.id);
    return { status: first ? 500 : 200 };
  });
  const service = await startTestService(
    { ...FAST_DELIVERY, SLUICE_RATE_LIMIT_RPS: '1000000', ...env },
    options,
  );
  await activeDefinition(service, reviewDefinition);
  const revoked = await service.api.post('/v1/api-keys', service.admin, {
    role: 'merchant',
    merchant_id: OWNER,
  });
  expect(
    (await service.api.delete(`/v1/api-keys/${revoked.body.id as string}`, service.admin)).status,
  ).to.equal(204);
  const keys: Keys = {
    admin: service.admin,
    owner: await createKey(service, 'merchant', OWNER),
    other: await createKey(service, 'merchant', OTHER),
    auditor: await createKey(service, 'auditor'),
    publisher: await createKey(service, 'publisher'),
    revoked: revoked.body.key as string,
    portalView: await portalToken(service, OWNER, ['view']),
  };
  const resources = await ownerResources(service, receiver.url);
  return {
    service,
    receiver,
    keys,
    resources,
    freshResources: () => ownerResources(service, receiver.url),
    stop: async () => {
      await service.stop();
      await receiver.close();
    },
  };
};

/** Resolves once nothing has been appended to the log for `quietMs`. */
export const settled = async (service: TestService, quietMs = 150): Promise<void> => {
  let head = await service.services.eventStore.headPosition();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = await service.services.eventStore.headPosition();
    if (now === head) return;
    head = now;
  }
};
