import { expect } from 'chai';
import { eventually } from '../support/delivery.js';
import type { Behaviour } from '../support/receiver.js';
import { receiverPool } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

type Message = Record<string, unknown> & { event_id: string; status: string };
type Attempt = Record<string, unknown> & { event_id: string; response_body: string | null };

/**
 * A message whose payload can no longer be read says so, and since when, as its event does; an
 * attempt whose answer can no longer be read says so too, rather than passing for an empty answer.
 * A message in retry tells its last attempt failed.
 */
describe('messages and attempts whose payloads are gone, and messages in retry', function () {
  this.timeout(60_000);
  const receivers = receiverPool();
  let service: TestService | undefined;
  afterEach(async () => {
    await receivers.closeAll();
    await service?.stop();
    service = undefined;
  });

  const endpointOf = async (running: TestService, merchant: string, behaviour?: Behaviour) => {
    const receiver = await receivers.start(behaviour);
    const made = await running.api.post('/v1/webhooks', running.admin, {
      merchant_id: merchant,
      url: receiver.url,
    });
    expect(made.status, made.text).to.equal(201);
    return { id: made.body.id as string, receiver };
  };
  const publish = async (running: TestService, merchant: string) => {
    const res = await running.api.post('/v1/events', running.admin, {
      type: 'order.created',
      merchant_id: merchant,
      data: { order_id: 'ord_1' },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };
  const messageOf = async (running: TestService, endpointId: string, eventId: string) => {
    const list = await running.api.get(`/v1/webhooks/${endpointId}/messages`, running.admin);
    expect(list.status, list.text).to.equal(200);
    return (list.body.data as Message[]).find((m) => m.event_id === eventId)!;
  };
  const attemptsOf = async (running: TestService, endpointId: string) => {
    const list = await running.api.get(`/v1/webhooks/${endpointId}/attempts`, running.admin);
    expect(list.status, list.text).to.equal(200);
    return list.body.data as Attempt[];
  };

  it('marks a message and its answers expired past the retention, with when', async () => {
    // Three seconds of retention: keys of one-second periods.
    const running = await startTestService({ SLUICE_PAYLOAD_RETENTION_DAYS: String(3 / 86_400) });
    service = running;
    const { id, receiver } = await endpointOf(running, 'mer_brief', () => ({
      status: 200,
      body: 'thanks',
    }));
    const eventId = await publish(running, 'mer_brief');
    await receiver.waitFor(1);
    const fresh = await messageOf(running, id, eventId);
    expect(fresh).to.not.have.any.keys('data_expired', 'data_expired_at', 'erased', 'erased_at');

    const published = Date.now();
    const expired = await eventually(
      () => messageOf(running, id, eventId),
      (m) => m.data_expired === true,
    );
    expect(expired).to.include({ status: 'succeeded', data_expired: true });
    expect(expired).to.not.have.any.keys('erased', 'erased_at');
    expect(Date.parse(expired.data_expired_at as string)).to.be.within(
      published - 5_000,
      Date.now(),
    );

    const [attempt] = await eventually(
      () => attemptsOf(running, id),
      (attempts) => attempts[0]?.response_body_expired === true,
    );
    expect(attempt).to.include({ response_body: null, response_body_expired: true });
    const resent = await running.api.post(
      `/v1/webhooks/${id}/messages/${eventId}/resend`,
      running.admin,
    );
    expect(resent.status, resent.text).to.equal(409);
    expect(resent.body.code).to.equal('data_erased');
  });

  it('marks an erased merchant’s messages and answers erased, with when, and no other merchant’s', async () => {
    const running = await startTestService();
    service = running;
    const erased = await endpointOf(running, 'mer_gone', () => ({ status: 200, body: 'ok' }));
    const kept = await endpointOf(running, 'mer_kept', () => ({ status: 200, body: 'ok' }));
    const erasedEvent = await publish(running, 'mer_gone');
    const keptEvent = await publish(running, 'mer_kept');
    await erased.receiver.waitFor(1);
    await kept.receiver.waitFor(1);
    await eventually(
      () => messageOf(running, erased.id, erasedEvent),
      (m) => m.status === 'succeeded',
    );

    const erasure = await running.api.post('/v1/merchants/mer_gone/erase', running.admin, {
      reason: 'asked',
    });
    expect(erasure.status, erasure.text).to.equal(202);
    const message = await messageOf(running, erased.id, erasedEvent);
    expect(message).to.include({ erased: true, erased_at: erasure.body.erased_at });
    expect(message).to.not.have.any.keys('data_expired', 'data_expired_at');
    const [answer] = await attemptsOf(running, erased.id);
    expect(answer).to.include({ response_body: null, response_body_erased: true });

    expect(await messageOf(running, kept.id, keptEvent)).to.not.have.any.keys('erased');
    const [keptAnswer] = await attemptsOf(running, kept.id);
    expect(keptAnswer).to.include({ response_body: 'ok' });
    expect(keptAnswer).to.not.have.any.keys('response_body_erased', 'response_body_expired');
  });

  it('tells a message in retry by its last attempt’s failure, and one delivered by its success', async () => {
    // One quick retry, then one a minute away: the message waits in retry meanwhile.
    const running = await startTestService({
      SLUICE_RETRY_SCHEDULE_S: '0.05,60',
      SLUICE_ATTEMPT_TIMEOUT_MS: '2000',
    });
    service = running;
    const failing = await endpointOf(running, 'mer_retry', () => ({ status: 503 }));
    const fine = await endpointOf(running, 'mer_retry', () => ({ status: 204 }));
    const eventId = await publish(running, 'mer_retry');
    await failing.receiver.waitFor(2);
    const retrying = await eventually(
      () => messageOf(running, failing.id, eventId),
      (m) => m.attempts === 2,
    );
    expect(retrying).to.include({ status: 'pending', last_attempt_status: 'failed' });
    expect(retrying.next_attempt_at).to.be.a('string');
    const delivered = await eventually(
      () => messageOf(running, fine.id, eventId),
      (m) => m.status === 'succeeded',
    );
    expect(delivered).to.include({ last_attempt_status: 'succeeded' });
  });
});
