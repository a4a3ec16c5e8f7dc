import { expect } from 'chai';
import { eventually } from '../../support/delivery.js';
import { receiverPool } from '../../support/receiver.js';
import { activeDefinition, definitionOf, run } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const runToEnd = async (service: TestService, id: string) => {
  const res = await run(service, id, { input: {}, wait: { timeout_ms: 10_000 } });
  expect(res.status, res.text).to.be.oneOf([200, 202]);
  return (
    await eventually(
      () => service.api.get(`/v1/process-instances/${res.body.id as string}`, service.admin),
      (r) => ['completed', 'failed', 'cancelled'].includes(r.body.status as string),
    )
  ).body as Record<string, any>;
};

const statuses = (instance: Record<string, any>) =>
  (instance.steps as Array<{ id: string; status: string }>).map((s) => `${s.id}:${s.status}`);

describe('catch on a step: a failure handled rather than fatal', function () {
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

  it('sends a failed call to the clause naming its code, with the error at steps.<id>.error', async () => {
    const failing = await receivers.start(() => ({ status: 503 }));
    await activeDefinition(
      service,
      definitionOf(
        'catching.http',
        [
          {
            id: 'charge',
            type: 'http',
            method: 'POST',
            url: `${failing.url}/charge`,
            catch: [
              { on: ['timeout'], next: 'later' },
              { on: ['http_status'], next: 'refuse' },
            ],
          },
          { id: 'charged', type: 'succeed' },
          { id: 'later', type: 'transform', value: '"later"', next: 'end' },
          { id: 'refuse', type: 'transform', value: '"refused: " & steps.charge.error.code' },
          { id: 'end', type: 'succeed' },
        ],
        'steps.refuse',
      ),
    );
    const instance = await runToEnd(service, 'catching.http');
    expect(instance.status).to.equal('completed');
    expect(instance.result).to.deep.equal({ output: 'refused: http_status' });
    expect(statuses(instance)).to.deep.equal([
      'charge:failed',
      'refuse:completed',
      'end:completed',
    ]);
    expect(instance.steps[0].error).to.include({ code: 'http_status', step_id: 'charge' });
  });

  it('catches any code with *, and leaves an uncaught code fatal', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'catching.any',
        [
          {
            id: 'compute',
            type: 'transform',
            value: '$error("no stock")',
            catch: [{ on: ['*'], next: 'fallback' }],
          },
          { id: 'unused', type: 'succeed' },
          { id: 'fallback', type: 'transform', value: 'steps.compute.error.code' },
        ],
        'steps.fallback',
      ),
    );
    const caught = await runToEnd(service, 'catching.any');
    expect(caught.status).to.equal('completed');
    expect(caught.result.output).to.be.a('string').and.not.equal('');

    await activeDefinition(
      service,
      definitionOf('catching.none', [
        {
          id: 'compute',
          type: 'transform',
          value: '$error("no stock")',
          catch: [{ on: ['http_status'], next: 'fallback' }],
        },
        { id: 'fallback', type: 'succeed' },
      ]),
    );
    const failed = await runToEnd(service, 'catching.none');
    expect(failed.status).to.equal('failed');
    expect(statuses(failed)).to.deep.equal(['compute:failed']);
  });

  it('sends a rejected approval to its catch', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'catching.rejected',
        [
          {
            id: 'approve',
            type: 'approval',
            catch: [{ on: ['approval_rejected'], next: 'rework' }],
          },
          { id: 'ship', type: 'succeed' },
          { id: 'rework', type: 'transform', value: 'steps.approve.error.message' },
        ],
        'steps.rework',
      ),
    );
    const res = await run(service, 'catching.rejected', { input: {} });
    const id = res.body.id as string;
    await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'waiting',
    );
    const rejected = await service.api.post(
      `/v1/process-instances/${id}/approvals`,
      service.admin,
      {
        step_id: 'approve',
        decision: 'rejected',
        comment: 'Wrong amount',
      },
    );
    expect(rejected.status, rejected.text).to.equal(200);
    const end = await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'completed' || r.body.status === 'failed',
    );
    expect(end.body.status).to.equal('completed');
    expect(end.body.result).to.deep.equal({ output: 'Wrong amount' });
  });

  it('refuses a catch naming no step, or a code that is not one, at its path', async () => {
    const refused = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      definitionOf('catching.bad', [
        { id: 'a', type: 'transform', value: '1', catch: [{ on: ['Bad Code'], next: 'nowhere' }] },
      ]),
    );
    expect(refused.status, refused.text).to.equal(400);
    const paths = (refused.body.errors as Array<{ path: string }>).map((e) => e.path);
    expect(paths).to.include.members(['steps.0.catch.0.on.0', 'steps.0.catch.0.next']);
  });
});
