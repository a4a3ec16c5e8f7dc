import { expect } from 'chai';
import type { Worker } from 'node:worker_threads';
import { Webhook } from 'standardwebhooks';
import { startThreadSender } from '../../../adapters/delivery/thread/threadSender.js';
import type { WebhookSender } from '../../../adapters/delivery/port.js';
import type { TestReceiver } from '../../support/receiver.js';
import { startTestReceiver } from '../../support/receiver.js';

const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
const webhook = (url: string, timeoutMs = 5_000) => ({
  url,
  timeoutMs,
  body: JSON.stringify({ id: 'evt_1', type: 'order.created', merchant_id: 'mer_1', data: {} }),
  headers: { 'content-type': 'application/json' },
  signing: { id: 'evt_1', at: new Date(), secrets: [SECRET] },
});

describe('the sender on a thread of its own', function () {
  this.timeout(20_000);
  let sender: WebhookSender;
  let receiver: TestReceiver;
  beforeEach(async () => {
    sender = await startThreadSender({ allowPrivate: true, connectionsPerOrigin: 4 });
  });
  afterEach(async () => {
    await sender.close();
    await receiver.close();
  });

  it('sends the request as given and brings back what the receiver answered', async () => {
    receiver = await startTestReceiver(() => ({ status: 201, body: 'thanks' }));
    const request = webhook(receiver.url);
    const { outcome, retryAfterMs } = await sender.send(request);
    expect(outcome).to.include({
      status: 'succeeded',
      response_status_code: 201,
      response_body: 'thanks',
    });
    expect(retryAfterMs).to.equal(null);
    const [got] = await receiver.waitFor(1);
    expect(got!.raw).to.equal(request.body);
    expect(got!.headers['webhook-id']).to.equal('evt_1');
    // Signed on the thread, with the secret it was handed.
    expect(
      new Webhook(SECRET).verify(got!.raw, got!.headers as Record<string, string>),
    ).to.deep.equal(JSON.parse(request.body));
  });

  it('keeps many requests apart: each caller hears its own answer', async () => {
    receiver = await startTestReceiver((n) => ({
      status: n % 2 === 0 ? 204 : 503,
      delayMs: n % 7,
    }));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sender.send(webhook(`${receiver.url}?n=${i}`))),
    );
    const byPath = new Map(receiver.received.map((r, n) => [r.path, n]));
    results.forEach((result, i) => {
      const n = byPath.get(`/hooks?n=${i}`)!;
      expect(result.outcome.response_status_code, `request ${i}`).to.equal(n % 2 === 0 ? 204 : 503);
    });
  });

  it('starts a new thread when its thread dies: what was on the wire fails, what follows is sent', async () => {
    await sender.close();
    const threads: Worker[] = [];
    sender = await startThreadSender({
      allowPrivate: true,
      connectionsPerOrigin: 4,
      onThread: (worker) => threads.push(worker),
    });
    receiver = await startTestReceiver((n) => (n === 0 ? { hang: true } : { status: 204 }));
    const onTheWire = sender.send(webhook(receiver.url, 15_000));
    await receiver.waitFor(1);
    await threads[0]!.terminate();
    const lost = await onTheWire;
    // The receiver may or may not have had it: failed, so its attempt is retried on schedule.
    expect(lost.outcome.error?.code).to.equal('connection_reset');
    for (let i = 0; i < 3; i++) {
      const { outcome } = await sender.send(webhook(receiver.url));
      expect(outcome.status, JSON.stringify(outcome)).to.equal('succeeded');
    }
    expect(threads).to.have.length(2);
    await receiver.waitFor(4);
    // Killed again at once, it is still replaced.
    await threads[1]!.terminate();
    const { outcome } = await sender.send(webhook(receiver.url));
    expect(outcome.status, JSON.stringify(outcome)).to.equal('succeeded');
    expect(threads).to.have.length(3);
  });

  it('reads Retry-After from a 503', async () => {
    receiver = await startTestReceiver(() => ({ status: 503, headers: { 'retry-after': '7' } }));
    const { outcome, retryAfterMs } = await sender.send(webhook(receiver.url));
    expect(outcome.error?.code).to.equal('http_status');
    expect(retryAfterMs).to.equal(7_000);
  });

  it('ends a request past its timeout as timeout', async () => {
    receiver = await startTestReceiver(() => ({ hang: true }));
    const { outcome } = await sender.send(webhook(receiver.url, 200));
    expect(outcome.error?.code).to.equal('timeout');
    expect(outcome.duration_ms).to.be.within(150, 5_000);
  });

  it('holds a request until its time to go on the wire, its timeout counted from then', async () => {
    receiver = await startTestReceiver(() => ({ status: 204 }));
    const handedAt = Date.now();
    const notBefore = handedAt + 300;
    // A timeout shorter than the wait: it counts from the write, not from the hand-over.
    const { outcome, wiredAt } = await sender.send({ ...webhook(receiver.url, 200), notBefore });
    expect(outcome.status, JSON.stringify(outcome)).to.equal('succeeded');
    expect(wiredAt).to.be.at.least(notBefore);
    const [got] = await receiver.waitFor(1);
    expect(got!.at).to.be.at.least(notBefore);
  });

  it('answers a request held for its time when closed, as never sent', async () => {
    receiver = await startTestReceiver(() => ({ status: 204 }));
    const held = sender.send({ ...webhook(receiver.url), notBefore: Date.now() + 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closedAt = performance.now();
    await sender.close();
    const { outcome, wiredAt } = await held;
    expect(outcome.error?.code).to.equal('connection_reset');
    expect(wiredAt).to.equal(undefined);
    expect(performance.now() - closedAt).to.be.below(5_000);
    expect(receiver.received).to.have.length(0);
  });

  it('answers every request still on the wire when closed, and at once', async () => {
    receiver = await startTestReceiver(() => ({ hang: true }));
    const pending = sender.send(webhook(receiver.url, 15_000));
    await receiver.waitFor(1);
    const closedAt = performance.now();
    await sender.close();
    const { outcome } = await pending;
    expect(outcome.status).to.equal('failed');
    expect(performance.now() - closedAt).to.be.below(5_000);
    const after = await sender.send(webhook(receiver.url));
    expect(after.outcome.status).to.equal('failed');
  });
});
