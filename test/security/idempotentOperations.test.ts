import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createKey } from '../support/builders.js';
import { FAST_DELIVERY, eventually } from '../support/delivery.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

describe('operations that send or change things, repeated with one Idempotency-Key', function () {
  this.timeout(30_000);
  let service: TestService;
  let receiver: TestReceiver;
  let key: string;
  let endpointId: string;

  /** Posts twice with one key: the second answer must be the first, replayed. */
  const twice = async (path: string, body?: unknown) => {
    const headers = { 'idempotency-key': randomUUID() };
    const first = await service.api.post(path, key, body, headers);
    const again = await service.api.post(path, key, body, headers);
    expect(first.status, first.text).to.be.within(200, 299);
    expect(again.status).to.equal(first.status);
    expect(again.text).to.equal(first.text);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    return first;
  };

  beforeEach(async () => {
    receiver = await startTestReceiver();
    service = await startTestService(FAST_DELIVERY);
    key = await createKey(service, 'merchant', 'mer_acme');
    const created = await service.api.post('/v1/webhooks', key, { url: receiver.url });
    expect(created.status, created.text).to.equal(201);
    endpointId = created.body.id as string;
  });

  afterEach(async () => {
    await service.stop();
    await receiver.close();
  });

  it('send one test webhook, one resend and one replay', async () => {
    const sent = await twice('/v1/webhooks/test', { data: { n: 1 } });
    await receiver.waitFor(1);
    const eventId = sent.body.event_id as string;
    await twice(`/v1/webhooks/${endpointId}/messages/${eventId}/resend`);
    await receiver.waitFor(2);
    const replayed = await twice(`/v1/webhooks/${endpointId}/replay`, {
      since: new Date(Date.now() - 60_000).toISOString(),
      only_failed: false,
    });
    expect(replayed.body.count).to.equal(1);
    await receiver.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).to.have.length(3);
    const attempts = await eventually(
      async () =>
        (await service.api.get(`/v1/webhooks/${endpointId}/attempts`, key)).body.data as unknown[],
      (list) => list.length === 3,
    );
    expect(attempts).to.have.length(3);
  });

  it('rotate the secret once', async () => {
    const secretOf = async () =>
      (await service.api.get(`/v1/webhooks/${endpointId}/secret`, key)).body.key as string;
    const before = await secretOf();
    await twice(`/v1/webhooks/${endpointId}/secret/rotate`, {});
    const after = await secretOf();
    expect(after).to.not.equal(before);
    // Each old secret signs through its grace: a second rotation would have left three signing.
    await twice('/v1/webhooks/test', {});
    const [delivery] = await receiver.waitFor(1);
    expect(String(delivery!.headers['webhook-signature']).split(' ')).to.have.length(2);
    expect(await secretOf()).to.equal(after);
  });
});
