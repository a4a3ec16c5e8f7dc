import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const MERCHANT = 'mer_kept_briefly';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('payloads past the retention period, and deliveries whose payload is gone', function () {
  this.timeout(60_000);
  let service: TestService;
  let receiver: TestReceiver;

  afterEach(async () => {
    await service.stop();
    await receiver.close();
  });

  const endpoint = async () => {
    const created = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: MERCHANT,
      url: receiver.url,
      filter_types: ['order.created'],
    });
    expect(created.status, created.text).to.equal(201);
    return created.body.id as string;
  };
  const publish = async (data: Record<string, unknown>) => {
    const published = await service.api.post('/v1/events', service.admin, {
      type: 'order.created',
      merchant_id: MERCHANT,
      data,
    });
    expect(published.status, published.text).to.equal(201);
    return published.body.id as string;
  };
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
    let value = await read();
    for (let i = 0; i < 400 && !done(value); i++) {
      await sleep(50);
      value = await read();
    }
    return value;
  };

  it('reads old payloads as expired, their answers as null, and keeps new ones', async () => {
    receiver = await startTestReceiver(() => ({ status: 200, body: 'kept answer' }));
    // Three seconds: keys of one-second periods, destroyed once their period is three seconds old.
    service = await startTestService({ SLUICE_PAYLOAD_RETENTION_DAYS: String(3 / 86_400) });
    const endpointId = await endpoint();
    const old = await publish({ note: randomBytes(8).toString('hex') });
    const read = await service.api.get(`/v1/events/${old}`, service.admin);
    expect(read.body.data).to.not.equal(null);
    await receiver.waitFor(1);

    const expired = await eventually(
      async () => (await service.api.get(`/v1/events/${old}`, service.admin)).body,
      (body) => body.data === null,
    );
    expect(expired).to.include({ id: old, data: null, data_expired: true });
    expect(expired).to.not.have.property('erased');
    // The answer was sealed when it came, a moment after the event: its period ends later.
    const attempts = await eventually(
      async () =>
        (await service.api.get(`/v1/webhooks/${endpointId}/attempts`, service.admin)).body,
      (body) => body.data[0]?.response_body === null,
    );
    expect(attempts.data[0]).to.include({
      event_id: old,
      status: 'succeeded',
      response_body: null,
    });

    const fresh = await publish({ note: 'fresh' });
    expect((await service.api.get(`/v1/events/${fresh}`, service.admin)).body.data).to.deep.equal({
      note: 'fresh',
    });
  });

  it('abandons the erased merchant’s deliveries still waiting for a retry', async () => {
    receiver = await startTestReceiver(() => ({ status: 503 }));
    service = await startTestService({ SLUICE_RETRY_SCHEDULE_S: '3600' });
    const endpointId = await endpoint();
    const eventId = await publish({ note: 'never delivered' });
    await receiver.waitFor(1);
    const message = () =>
      service.api.get(`/v1/webhooks/${endpointId}/messages?limit=10`, service.admin);
    await eventually(message, (m) => m.body.data[0]?.attempts === 1);
    expect((await message()).body.data[0]).to.include({ event_id: eventId, status: 'pending' });

    const erased = await service.api.post(`/v1/merchants/${MERCHANT}/erase`, service.admin, {
      reason: 'account closed',
    });
    expect(erased.status, erased.text).to.equal(202);
    const ended = await eventually(message, (m) => m.body.data[0]?.status !== 'pending');
    expect(ended.body.data[0]).to.include({ event_id: eventId, status: 'failed' });
    const audit = await service.api.get(
      `/v1/audit/events?type=delivery.abandoned&merchant_id=${MERCHANT}`,
      service.admin,
    );
    expect(audit.body.data.map((e: { data: { reason: string } }) => e.data.reason)).to.deep.equal([
      'data_erased',
    ]);
    expect(receiver.received).to.have.length(1);
  });
});
