import { expect } from 'chai';
import { eventually } from '../../support/delivery.js';
import { receiverPool } from '../../support/receiver.js';
import {
  activeDefinition,
  definitionOf,
  endedInstance,
  instance,
  run,
} from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('retry on every step, and call of another process', function () {
  this.timeout(30_000);
  let service: TestService;
  const receivers = receiverPool();
  before(async () => {
    service = await startTestService();
  });
  after(async () => {
    await service.stop();
    await receivers.closeAll();
  });

  const ended = (id: string) => endedInstance(service, id);

  it('retries a step that succeeds on its third try, each pause backoff_rate times the last', async () => {
    const calledAt: number[] = [];
    const receiver = await receivers.start(() => {
      calledAt.push(Date.now());
      return calledAt.length < 3
        ? { status: 503 }
        : { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":1}' };
    });
    await activeDefinition(
      service,
      definitionOf(
        'retry.third-try',
        [
          {
            id: 'call',
            type: 'http',
            method: 'POST',
            url: receiver.url,
            retry: { max_attempts: 3, backoff_ms: 150, backoff_rate: 2, on: ['http_status'] },
          },
        ],
        'steps.call.body',
      ),
    );
    const res = await run(service, 'retry.third-try', { input: {} });
    const end = await ended(res.body.id as string);
    expect(end.status).to.equal('completed');
    expect(end.result).to.deep.equal({ output: { ok: 1 } });
    expect(calledAt).to.have.length(3);
    expect(calledAt[1]! - calledAt[0]!).to.be.at.least(150);
    expect(calledAt[2]! - calledAt[1]!).to.be.at.least(300);
    const step = (end.steps as Array<Record<string, any>>)[0]!;
    expect(step).to.include({ status: 'completed', attempt: 3 });
    expect(step).to.not.have.property('error');
  });

  it('leaves to catch a failure its retry does not take, and one past the last attempt', async () => {
    const receiver = await receivers.start(() => ({ status: 500 }));
    await activeDefinition(
      service,
      definitionOf(
        'retry.exhausted',
        [
          {
            id: 'call',
            type: 'http',
            method: 'GET',
            url: receiver.url,
            retry: { max_attempts: 2, backoff_ms: 10 },
            catch: [{ on: ['http_status'], next: 'fallback' }],
          },
          { id: 'done', type: 'succeed' },
          { id: 'fallback', type: 'transform', value: 'steps.call.error.code' },
        ],
        'steps.fallback',
      ),
    );
    const res = await run(service, 'retry.exhausted', { input: {} });
    const end = await ended(res.body.id as string);
    expect(end.result).to.deep.equal({ output: 'http_status' });
    expect(receiver.received).to.have.length(2);

    // A retry naming other codes leaves this one alone: one attempt.
    const other = await receivers.start(() => ({ status: 500 }));
    await activeDefinition(
      service,
      definitionOf('retry.other-codes', [
        {
          id: 'call',
          type: 'http',
          method: 'GET',
          url: other.url,
          retry: { max_attempts: 5, backoff_ms: 10, on: ['timeout'] },
        },
      ]),
    );
    const once = await ended((await run(service, 'retry.other-codes', { input: {} })).body.id);
    expect(once.status).to.equal('failed');
    expect(other.received).to.have.length(1);
  });

  it('calls a child process: the parent gets its output, the child names its parent', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'call.child-double',
        [{ id: 'double', type: 'transform', value: 'input.n * 2' }],
        'steps.double',
      ),
    );
    await activeDefinition(
      service,
      definitionOf(
        'call.parent',
        [{ id: 'sub', type: 'call', process_id: 'call.child-double', input: '{ "n": input.n }' }],
        'steps.sub',
      ),
    );
    const res = await run(service, 'call.parent', {
      input: { n: 21 },
      wait: { timeout_ms: 10_000 },
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.result).to.deep.equal({ output: 42 });
    const children = res.body.children as Array<Record<string, any>>;
    expect(children).to.have.length(1);
    expect(children[0]).to.include({ step_id: 'sub', status: 'completed' });
    const child = await instance(service, children[0]!.instance_id as string);
    expect(child.parent).to.deep.equal({ instance_id: res.body.id, step_id: 'sub' });
    expect(child.merchant_id).to.equal('mer_acme');
    expect(child.start_source).to.include({ mode: 'call', instance_id: res.body.id });
  });

  it('fails the call with child_failed when the child fails, which catch can take', async () => {
    await activeDefinition(
      service,
      definitionOf('call.child-fails', [{ id: 'boom', type: 'fail', code: 'out_of_stock' }]),
    );
    await activeDefinition(
      service,
      definitionOf('call.parent-fails', [
        { id: 'sub', type: 'call', process_id: 'call.child-fails', input: '{}' },
      ]),
    );
    const failed = await ended((await run(service, 'call.parent-fails', { input: {} })).body.id);
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.include({ code: 'child_failed', step_id: 'sub' });
    expect(failed.error.message).to.contain('failed: out_of_stock');

    await activeDefinition(
      service,
      definitionOf(
        'call.parent-catches',
        [
          {
            id: 'sub',
            type: 'call',
            process_id: 'call.child-fails',
            input: '{}',
            catch: [{ on: ['child_failed'], next: 'recover' }],
          },
          { id: 'done', type: 'succeed' },
          { id: 'recover', type: 'transform', value: 'steps.sub.error.code' },
        ],
        'steps.recover',
      ),
    );
    const caught = await ended((await run(service, 'call.parent-catches', { input: {} })).body.id);
    expect(caught.result).to.deep.equal({ output: 'child_failed' });
  });

  it('cancels the running child of a cancelled parent', async () => {
    await activeDefinition(
      service,
      definitionOf('call.child-waits', [{ id: 'confirm', type: 'user_action' }]),
    );
    await activeDefinition(
      service,
      definitionOf('call.parent-cancelled', [
        { id: 'sub', type: 'call', process_id: 'call.child-waits', input: '{}' },
      ]),
    );
    const res = await run(service, 'call.parent-cancelled', { input: {} });
    const id = res.body.id as string;
    const parent = await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => (r.body.children as Array<{ status: string }>)?.[0]?.status === 'waiting',
    );
    const childId = (parent.body.children as Array<{ instance_id: string }>)[0]!.instance_id;
    const cancelled = await service.api.post(
      `/v1/process-instances/${id}/cancel`,
      service.admin,
      {},
    );
    expect(cancelled.status, cancelled.text).to.equal(200);
    const child = await ended(childId);
    expect(child.status).to.equal('cancelled');
    expect((child.steps as Array<Record<string, any>>)[0]).to.include({ status: 'cancelled' });
    expect((await instance(service, id)).steps[0]).to.include({ id: 'sub', status: 'cancelled' });
  });

  it('fails a call of a definition without an active version, and one nested too deep', async () => {
    const published = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      definitionOf('call.inactive', [{ id: 'a', type: 'succeed' }]),
    );
    expect(published.status).to.equal(201);
    await activeDefinition(
      service,
      definitionOf('call.of-inactive', [
        { id: 'sub', type: 'call', process_id: 'call.inactive', input: '{}' },
      ]),
    );
    const inactive = await ended((await run(service, 'call.of-inactive', { input: {} })).body.id);
    expect(inactive.error).to.include({ code: 'process_inactive', step_id: 'sub' });

    // A process calling itself: the sixth level is refused, and each level fails in turn.
    await activeDefinition(
      service,
      definitionOf('call.recursive', [
        { id: 'again', type: 'call', process_id: 'call.recursive', input: '{}' },
      ]),
    );
    const top = await ended((await run(service, 'call.recursive', { input: {} })).body.id);
    expect(top.error).to.include({ code: 'child_failed' });
    let deepest = top;
    for (let depth = 0; depth < 5; depth++) {
      const children = deepest.children as Array<{ instance_id: string }>;
      expect(children, `depth ${depth}`).to.have.length(1);
      deepest = await instance(service, children[0]!.instance_id);
    }
    expect(deepest.children).to.deep.equal([]);
    expect(deepest.error).to.include({ code: 'call_depth_exceeded' });
  });

  it('refuses at publish a call naming no definition, at its path', async () => {
    const refused = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      definitionOf('call.unknown', [
        { id: 'a', type: 'succeed', next: 'b' },
        { id: 'b', type: 'call', process_id: 'no.such.process', input: '{}' },
      ]),
    );
    expect(refused.status, refused.text).to.equal(400);
    expect(refused.body.errors).to.deep.equal([
      { path: 'steps.1.process_id', message: 'names no process definition: no.such.process' },
    ]);
  });
});
