import { expect } from 'chai';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

/**
 * The dispatcher keeps the endpoints it reads between its rounds where the read models are a
 * round trip away: a change to an endpoint must still reach the next delivery after it.
 */
describe('an endpoint changed while its deliveries flow', function () {
  this.timeout(30_000);
  let service: TestService;
  let first: TestReceiver;
  let second: TestReceiver;

  beforeEach(async () => {
    first = await startTestReceiver();
    second = await startTestReceiver();
    service = await startTestService();
  });

  afterEach(async () => {
    await service.stop();
    await first.close();
    await second.close();
  });

  const publish = async (id: string) => {
    const published = await service.api.post('/v1/events', service.admin, {
      id,
      type: 'order.created',
      merchant_id: 'mer_acme',
      data: { id },
    });
    expect(published.status, published.text).to.be.oneOf([200, 201, 202]);
  };
  const change = async (path: string, body: unknown) => {
    const changed = await service.api.post(path, service.admin, body);
    expect(changed.status, changed.text).to.equal(200);
    return changed.body;
  };

  it('sends each delivery after a change as the change says: URL, secret, disabled', async () => {
    const created = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: 'mer_acme',
      url: first.url,
    });
    expect(created.status, created.text).to.equal(201);
    const id = created.body.id as string;
    const secretOf = async () =>
      (await service.api.get(`/v1/webhooks/${id}/secret`, service.admin)).body.key as string;
    const oldSecret = await secretOf();

    // Rounds that read the endpoint, so that it is kept.
    for (let n = 0; n < 5; n++) await publish(`evt_before_${n}`);
    await first.waitFor(5);

    await change(`/v1/webhooks/${id}`, { url: second.url });
    await publish('evt_moved');
    const [moved] = await second.waitFor(1);
    expect(moved!.body.id).to.equal('evt_moved');
    expect(first.received).to.have.length(5);

    // The new key signs from the next delivery on (the old one beside it, for the grace).
    await change(`/v1/webhooks/${id}/secret/rotate`, {});
    const newSecret = await secretOf();
    expect(newSecret).to.not.equal(oldSecret);
    await publish('evt_rotated');
    const [, rotated] = await second.waitFor(2);
    expect(rotated!.body.id).to.equal('evt_rotated');
    expect(verifies(rotated!, newSecret)).to.equal(true);

    await change(`/v1/webhooks/${id}`, { disabled: true });
    await publish('evt_while_disabled');
    await change(`/v1/webhooks/${id}`, { disabled: false });
    await publish('evt_enabled_again');
    const arrivals = await second.waitFor(3);
    expect(arrivals[2]!.body.id).to.equal('evt_enabled_again');
    expect(second.received.map((request) => request.body.id)).to.not.include('evt_while_disabled');
  });
});
