import { expect } from 'chai';
import { createEndpoint, createKey } from '../support/builders.js';
import { eventually } from '../support/delivery.js';
import { activeDefinition, instance, run } from '../support/processes.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

/** Over `max_payload_bytes` (262,144) as JSON, and well under the 1 MiB body limit. */
const BIG = 'x'.repeat(300_000);

const waiting = {
  id: 'sec.sizes',
  name: 'Sizes',
  input_schema: { type: 'object' },
  steps: [
    { id: 'confirm', type: 'user_action' },
    { id: 'approve', type: 'approval' },
  ],
};

/** A step whose output grows from the input: under the bound for small inputs, over it for large. */
const growing = {
  id: 'sec.growing',
  name: 'Growing',
  input_schema: { type: 'object' },
  steps: [{ id: 'grow', type: 'transform', value: '[input.s, input.s, input.s]' }],
};

const stepOf = (view: Record<string, any>, id: string) =>
  (view.steps as Array<Record<string, any>>).find((step) => step.id === id);

const countOf = async (service: TestService, path: string) =>
  (
    (await service.api.get(`${path}${path.includes('?') ? '&' : '?'}limit=100`, service.admin)).body
      .data as unknown[]
  ).length;

const expectTooLarge = (res: { status: number; body: any; text: string }, path: string) => {
  expect(res.status, res.text).to.equal(413);
  expect(res.body.code).to.equal('payload_too_large');
  expect(res.body.errors.map((e: { path: string }) => e.path)).to.include(path);
};

describe('payloads over max_payload_bytes', function () {
  this.timeout(30_000);
  let service: TestService;

  beforeEach(async () => {
    service = await startTestService();
    await activeDefinition(service, waiting);
    await activeDefinition(service, growing);
  });

  afterEach(async () => {
    await service.stop();
  });

  it('are refused as process input and user-action data, changing nothing', async () => {
    const instancesBefore = await countOf(service, '/v1/process-instances?merchant_id=mer_acme');
    expectTooLarge(await run(service, 'sec.sizes', { input: { blob: BIG } }), 'input');
    expect(await countOf(service, '/v1/process-instances?merchant_id=mer_acme')).to.equal(
      instancesBefore,
    );

    const started = await run(service, 'sec.sizes', { input: {} });
    expect(started.status, started.text).to.equal(201);
    const id = started.body.id as string;
    await eventually(
      () => instance(service, id),
      (view) => view.status === 'waiting',
    );
    const action = `/v1/process-instances/${id}/user-actions`;
    expectTooLarge(
      await service.api.post(action, service.admin, { step_id: 'confirm', data: { blob: BIG } }),
      'data',
    );
    expect((await instance(service, id)).status).to.equal('waiting');
    const done = await service.api.post(action, service.admin, { step_id: 'confirm', data: {} });
    expect(done.status, done.text).to.equal(200);
    // Approval comments are bounded by their own length (2,000 characters), well under.
  });

  it('are refused as the data of a test webhook and of a published event', async () => {
    const key = await createKey(service, 'merchant', 'mer_acme');
    await createEndpoint(service, { url: 'http://127.0.0.1:9/hooks' });
    const eventsBefore = await countOf(service, '/v1/events?merchant_id=mer_acme');
    expectTooLarge(
      await service.api.post('/v1/webhooks/test', key, { data: { blob: BIG } }),
      'data',
    );
    expectTooLarge(
      await service.api.post('/v1/events', service.admin, {
        type: 'order.created',
        merchant_id: 'mer_acme',
        data: { blob: BIG },
      }),
      'data',
    );
    expect(await countOf(service, '/v1/events?merchant_id=mer_acme')).to.equal(eventsBefore);
  });

  it('fail the step whose expression made them, with a code that says so, and the process lives on', async () => {
    const large = await run(service, 'sec.growing', { input: { s: 'y'.repeat(100_000) } });
    expect(large.status, large.text).to.equal(201);
    const failed = await eventually(
      () => instance(service, large.body.id as string),
      (view) => view.status === 'failed',
    );
    expect(failed.error.code).to.equal('expression_output_too_large');
    expect(failed.error.step_id).to.equal('grow');
    expect(stepOf(failed, 'grow')?.output).to.equal(undefined);
    const after = await run(service, 'sec.growing', { input: { s: 'def' } });
    const completed = await eventually(
      () => instance(service, after.body.id as string),
      (view) => view.status === 'completed',
    );
    expect(stepOf(completed, 'grow')?.output).to.deep.equal(['def', 'def', 'def']);
  });
});
