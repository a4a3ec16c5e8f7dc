import { expect } from 'chai';
import { attemptsOf, endpointWithSecret, eventually, messagesOf } from '../support/delivery.js';
import type { Behaviour, TestReceiver } from '../support/receiver.js';
import { receiverPool, verifies } from '../support/receiver.js';
import { endlessBody, resetAtOnce, resetMidResponse, trickle } from '../support/receiverFaults.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const SCHEDULE_S = [0.3, 0.3];
const TRIES = SCHEDULE_S.length + 1;
const ATTEMPT_TIMEOUT_MS = 2000;
/** Events every faulty endpoint receives (each fails every try). */
const FAULTY_EVENTS = 2;

type Fault = {
  name: string;
  behaviour?: Behaviour;
  /** No receiver at all: nothing listens on its port. */
  refused?: boolean;
  code: string;
  status: number | null;
  /** The least delay after a failed try, when the receiver asked for more than the schedule. */
  retryAfterMs?: number;
};

const huge = endlessBody(500);
const FAULTS: Fault[] = [
  { name: '500', behaviour: () => ({ status: 500 }), code: 'http_status', status: 500 },
  {
    name: '503 with Retry-After in seconds',
    behaviour: () => ({ status: 503, headers: { 'retry-after': '1' } }),
    code: 'http_status',
    status: 503,
    retryAfterMs: 1000,
  },
  {
    name: '429 with Retry-After as an HTTP date',
    // An HTTP date has whole seconds: two seconds ahead is at least one second ahead.
    behaviour: () => ({
      status: 429,
      headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() },
    }),
    code: 'http_status',
    status: 429,
    // At least a second after the receiver wrote it; a few ms pass before the sender reads it.
    retryAfterMs: 900,
  },
  { name: 'no answer', behaviour: () => ({ hang: true }), code: 'timeout', status: null },
  { name: 'a trickle of bytes', behaviour: trickle(), code: 'timeout', status: null },
  { name: 'refused', refused: true, code: 'connection_refused', status: null },
  { name: 'reset mid-answer', behaviour: resetMidResponse, code: 'connection_reset', status: null },
  { name: 'reset at once', behaviour: resetAtOnce, code: 'connection_reset', status: null },
  { name: 'an endless body', behaviour: huge.behaviour, code: 'http_status', status: 500 },
  {
    name: 'a redirect',
    behaviour: () => ({ status: 307, headers: { location: 'http://127.0.0.1:9/elsewhere' } }),
    code: 'http_status',
    status: 307,
  },
];

describe('receiver faults: each recorded with its code, retried on schedule, none slowing a healthy endpoint', function () {
  this.timeout(60_000);
  let service: TestService;
  const receivers = receiverPool();
  const endpoints = new Map<string, { id: string; receiver: TestReceiver | undefined }>();
  /** Publish-to-receipt of the healthy endpoint's events, sent while the faults run. */
  const latencies: number[] = [];

  before(async () => {
    service = await startTestService({
      SLUICE_RETRY_SCHEDULE_S: SCHEDULE_S.join(','),
      SLUICE_ATTEMPT_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
    });
    for (const fault of FAULTS) {
      const receiver = await receivers.start(fault.behaviour);
      const url = receiver.url;
      if (fault.refused) await receivers.close(receiver);
      const { endpoint } = await endpointWithSecret(service, url, {
        filter_types: ['order.created'],
      });
      endpoints.set(fault.name, {
        id: endpoint.id,
        receiver: fault.refused ? undefined : receiver,
      });
    }
    const healthy = await receivers.start();
    const { secret } = await endpointWithSecret(service, healthy.url, {
      filter_types: ['order.created', 'invoice.sent'],
    });

    const publish = (type: string, n: number) =>
      service.api.post('/v1/events', service.admin, {
        type,
        merchant_id: 'mer_acme',
        data: { n },
      });
    for (let n = 0; n < FAULTY_EVENTS; n++)
      expect((await publish('order.created', n)).status).to.equal(201);
    // While every faulty endpoint fails its tries, the healthy one receives an event every 100 ms.
    const faultsOver = Date.now() + TRIES * ATTEMPT_TIMEOUT_MS + 1000;
    for (let n = 0; Date.now() < faultsOver; n++) {
      const sent = Date.now();
      const published = await publish('invoice.sent', n);
      expect(published.status).to.equal(201);
      const id = (published.body as { id: string }).id;
      const delivery = await eventually(
        () => Promise.resolve(healthy.received.find((d) => d.body.id === id)),
        (d) => d !== undefined,
        ATTEMPT_TIMEOUT_MS * 2,
      );
      expect(verifies(delivery!, secret)).to.equal(true);
      latencies.push(delivery!.at - sent);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  after(async () => {
    await service.stop();
    await receivers.closeAll();
  });

  it('keeps a healthy endpoint of the same merchant prompt while the faults run', () => {
    expect(latencies.length).to.be.at.least(10);
    // Not slowed by the faults: its slowest delivery stays well below one attempt's timeout.
    expect(Math.max(...latencies)).to.be.below(ATTEMPT_TIMEOUT_MS / 2);
  });

  for (const fault of FAULTS) {
    it(`records ${fault.name} as ${fault.code}${fault.status ? ` ${fault.status}` : ''}, retried on schedule`, async () => {
      const { id, receiver } = endpoints.get(fault.name)!;
      const messages = await eventually(
        () => messagesOf(service, id),
        (m) => m.length === FAULTY_EVENTS && m.every((each) => each.status === 'failed'),
        TRIES * (ATTEMPT_TIMEOUT_MS + 1500) + 5000,
      );
      for (const message of messages) expect(message.attempts).to.equal(TRIES);
      const attempts = await attemptsOf(service, id);
      expect(attempts).to.have.length(FAULTY_EVENTS * TRIES);
      for (const attempt of attempts) {
        expect(attempt, JSON.stringify(attempt)).to.deep.include({
          status: 'failed',
          response_status_code: fault.status,
        });
        expect(attempt.error.code, attempt.error.message).to.equal(fault.code);
        if (fault.code === 'timeout') {
          // Ended by the attempt's timeout: not sooner, and not much later, however the bytes came.
          expect(attempt.duration_ms).to.be.within(
            ATTEMPT_TIMEOUT_MS * 0.95,
            ATTEMPT_TIMEOUT_MS + 1000,
          );
        }
        if (attempt.attempt_number < TRIES) {
          const delay = Date.parse(attempt.next_attempt_at) - Date.parse(attempt.created_at);
          const scheduled = SCHEDULE_S[attempt.attempt_number - 1]! * 1000;
          if (fault.retryAfterMs) expect(delay).to.be.at.least(fault.retryAfterMs);
          else expect(delay).to.be.within(scheduled * 0.9 - 1, scheduled * 1.1 + 1);
        } else {
          expect(attempt.next_attempt_at).to.equal(null);
        }
      }
      if (receiver) expect(receiver.received).to.have.length(FAULTY_EVENTS * TRIES);
    });
  }

  it('reads 4 KiB of an endless answer and leaves the rest unread', async () => {
    const { id } = endpoints.get('an endless body')!;
    const attempts = await attemptsOf(service, id);
    expect(attempts).to.have.length(FAULTY_EVENTS * TRIES);
    for (const attempt of attempts) expect(attempt.response_body).to.have.length(4096);
    // What the receiver could push into the sockets' buffers, not the 2 GiB it offered each time.
    expect(huge.sent()).to.be.below(FAULTY_EVENTS * TRIES * 16 * 2 ** 20);
  });
});
