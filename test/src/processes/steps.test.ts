import { expect } from 'chai';
import { eventually } from '../../support/delivery.js';
import { receiverPool } from '../../support/receiver.js';
import { activeDefinition, definitionOf, instance, run } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

/** Runs the definition to its end and answers the instance. */
const runToEnd = async (service: TestService, id: string, input: Record<string, unknown> = {}) => {
  const res = await run(service, id, { input, wait: { timeout_ms: 10_000 } });
  expect(res.status, res.text).to.equal(200);
  return res.body as Record<string, any>;
};

const statuses = (instance: Record<string, any>) =>
  (instance.steps as Array<{ id: string; status: string }>).map((s) => `${s.id}:${s.status}`);

describe('the step language, run', () => {
  let service: TestService;
  const receivers = receiverPool();
  before(async () => {
    service = await startTestService();
  });
  after(async () => {
    await service.stop();
    await receivers.closeAll();
  });

  it('skips a step whose `if` is false, follows `next`, and hides invisible steps', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'steps.flow',
        [
          { id: 'a', type: 'transform', value: '1', next: 'c' },
          { id: 'b', type: 'transform', value: '2' },
          { id: 'c', type: 'transform', value: 'steps.a + 10', if: 'input.go' },
          { id: 'secret', type: 'transform', value: '"hidden"', visible: false },
        ],
        '{ "a": steps.a, "c": steps.c, "secret": steps.secret }',
      ),
    );
    const taken = await runToEnd(service, 'steps.flow', { go: true });
    expect(statuses(taken)).to.deep.equal(['a:completed', 'c:completed']);
    expect(taken.result.output).to.deep.equal({ a: 1, c: 11, secret: 'hidden' });
    const skipped = await runToEnd(service, 'steps.flow', { go: false });
    expect(statuses(skipped)).to.deep.equal(['a:completed', 'c:skipped']);
    expect(skipped.result.output).to.deep.equal({ a: 1, secret: 'hidden' });
  });

  it('jumps to the first choice branch whose `when` holds, else to `otherwise`', async () => {
    await activeDefinition(
      service,
      definitionOf('steps.choice', [
        {
          id: 'route',
          type: 'choice',
          branches: [
            { when: 'input.amount > 1000', next: 'big' },
            { when: 'input.amount > 100', next: 'medium' },
          ],
          otherwise: 'small',
        },
        { id: 'big', type: 'succeed' },
        { id: 'medium', type: 'transform', value: '"medium"', next: 'end' },
        { id: 'small', type: 'transform', value: '"small"' },
        { id: 'end', type: 'succeed' },
      ]),
    );
    expect(statuses(await runToEnd(service, 'steps.choice', { amount: 5000 }))).to.deep.equal([
      'route:completed',
      'big:completed',
    ]);
    expect(statuses(await runToEnd(service, 'steps.choice', { amount: 500 }))).to.deep.equal([
      'route:completed',
      'medium:completed',
      'end:completed',
    ]);
    expect(statuses(await runToEnd(service, 'steps.choice', { amount: 5 }))).to.deep.equal([
      'route:completed',
      'small:completed',
      'end:completed',
    ]);
  });

  it('fails the instance at a `fail` step, and on an expression that cannot be evaluated', async () => {
    await activeDefinition(
      service,
      definitionOf('steps.fail', [
        { id: 'stop', type: 'fail', code: 'out_of_stock', message: 'No stock.' },
      ]),
    );
    const failed = await runToEnd(service, 'steps.fail');
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.deep.equal({
      code: 'out_of_stock',
      message: 'No stock.',
      step_id: 'stop',
    });
    await activeDefinition(
      service,
      definitionOf('steps.broken', [{ id: 'sum', type: 'transform', value: 'input.n + "x"' }]),
    );
    const broken = await runToEnd(service, 'steps.broken', { n: 1 });
    expect(broken.status).to.equal('failed');
    expect(broken.error.code).to.equal('expression_failed');
    expect(broken.steps[0]).to.include({ id: 'sum', status: 'failed' });
  });

  it('emits a business event for the merchant; its id is the step output', async () => {
    await activeDefinition(
      service,
      definitionOf('steps.emit', [
        {
          id: 'tell',
          type: 'emit',
          event_type: 'order.confirmed',
          data: '{ "order": input.order }',
        },
      ]),
    );
    const done = await runToEnd(service, 'steps.emit', { order: 'ord_1' });
    const eventId = done.steps[0].output.event_id as string;
    const event = await service.api.get(`/v1/events/${eventId}`, service.admin);
    expect(event.status, event.text).to.equal(200);
    expect(event.body).to.include({ type: 'order.confirmed', merchant_id: 'mer_acme' });
    expect(event.body.data).to.deep.equal({ order: 'ord_1' });
  });

  it('calls a service, retrying per the policy, and keeps its answer as the output', async () => {
    const receiver = await receivers.start((n) =>
      n < 2
        ? { status: 503 }
        : { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' },
    );
    await activeDefinition(
      service,
      definitionOf(
        'steps.http',
        [
          {
            id: 'call',
            type: 'http',
            method: 'POST',
            url: receiver.url,
            headers: { 'x-token': 't' },
            body: '{ "n": input.n }',
            retry: { max_attempts: 3, backoff_ms: 10 },
          },
        ],
        'steps.call.body',
      ),
    );
    const done = await runToEnd(service, 'steps.http', { n: 7 });
    expect(done.status).to.equal('completed');
    expect(done.result.output).to.deep.equal({ ok: true });
    expect(receiver.received).to.have.length(3);
    expect(receiver.received[0]!.body).to.deep.equal({ n: 7 });
    expect(receiver.received[0]!.headers['x-token']).to.equal('t');
  });

  it('runs other instances while one waits on its service: news is not held behind a slow run', async () => {
    let release: (() => void) | undefined;
    const receiver = await receivers.start(() => ({
      respond: (res) => {
        release = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      },
    }));
    await activeDefinition(
      service,
      definitionOf('steps.slow-service', [
        { id: 'call', type: 'http', method: 'POST', url: receiver.url, body: '{}' },
      ]),
    );
    await activeDefinition(
      service,
      definitionOf('steps.quick', [{ id: 'a', type: 'transform', value: '1' }], 'steps.a'),
    );
    const slow = await run(service, 'steps.slow-service', { input: {} });
    expect(slow.status, slow.text).to.equal(201);
    await receiver.waitFor(1, 10_000);
    // The slow run holds its service's answer until the quick ones have ended. Each quick run
    // waits a second: news held behind the slow run would reach the executor only through its
    // sweep, every 5 s, which could end one of them in time, never all three.
    for (let i = 0; i < 3; i++) {
      const quick = await run(service, 'steps.quick', { input: {}, wait: { timeout_ms: 1_000 } });
      expect(quick.status, quick.text).to.equal(200);
      expect(quick.body).to.include({ status: 'completed' });
    }
    release!();
    const ended = await eventually(
      () => instance(service, String(slow.body.id)),
      (body) => body.status === 'completed',
    );
    expect(ended.status).to.equal('completed');
  });

  it('fails an http step after its last attempt', async () => {
    const receiver = await receivers.start(() => ({ status: 500 }));
    await activeDefinition(
      service,
      definitionOf('steps.http-fail', [
        {
          id: 'call',
          type: 'http',
          method: 'GET',
          url: receiver.url,
          retry: { max_attempts: 2, backoff_ms: 1 },
        },
      ]),
    );
    const failed = await runToEnd(service, 'steps.http-fail');
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.include({ code: 'http_status', step_id: 'call' });
    expect(receiver.received).to.have.length(2);
  });

  it('waits out a delay, then goes on', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'steps.delay',
        [
          { id: 'pause', type: 'delay', duration_ms: 300 },
          { id: 'after', type: 'transform', value: '"woke"' },
        ],
        'steps.after',
      ),
    );
    const started = Date.now();
    const done = await runToEnd(service, 'steps.delay');
    expect(Date.now() - started).to.be.at.least(290);
    expect(done.result.output).to.equal('woke');
    expect(statuses(done)).to.deep.equal(['pause:completed', 'after:completed']);
  });

  it('parks on a user action until its route is called; the data becomes the output', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'steps.user',
        [{ id: 'confirm', type: 'user_action', action: 'confirm_address' }],
        'steps.confirm',
      ),
    );
    const res = await run(service, 'steps.user', { input: {} });
    const id = res.body.id as string;
    const waiting = await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'waiting',
    );
    expect(waiting.body.steps[0]).to.include({ id: 'confirm', status: 'waiting' });
    const wrong = await service.api.post(`/v1/process-instances/${id}/approvals`, service.admin, {
      step_id: 'confirm',
      decision: 'approved',
    });
    expect(wrong.status).to.equal(409);
    const done = await service.api.post(`/v1/process-instances/${id}/user-actions`, service.admin, {
      step_id: 'confirm',
      data: { street: 'Main' },
    });
    expect(done.status, done.text).to.equal(200);
    // The answer shows the instance resumed; the executor then takes it to its end.
    expect(done.body.status).to.be.oneOf(['running', 'completed']);
    const ended = await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status !== 'running',
    );
    expect(ended.body.status).to.equal('completed');
    expect(ended.body.result).to.deep.equal({ output: { street: 'Main' } });
  });
});

describe('the http step, under the delivery address rules', () => {
  let service: TestService;
  const receivers = receiverPool();
  before(async () => {
    service = await startTestService({ SLUICE_ALLOW_PRIVATE_URLS: 'false' });
  });
  after(async () => {
    await service.stop();
    await receivers.closeAll();
  });

  it('never calls a private address: the step fails with url_blocked', async () => {
    const receiver = await receivers.start();
    await activeDefinition(
      service,
      definitionOf('steps.private', [
        {
          id: 'call',
          type: 'http',
          method: 'GET',
          url: receiver.url,
          retry: { max_attempts: 3, backoff_ms: 1 },
        },
      ]),
    );
    const failed = await runToEnd(service, 'steps.private');
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.include({ code: 'url_blocked', step_id: 'call' });
    expect(receiver.received).to.have.length(0);
  });
});
