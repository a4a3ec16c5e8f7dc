import { expect } from 'chai';
import { eventually } from '../../support/delivery.js';
import { activeDefinition, definitionOf, run } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const ended = (service: TestService, id: string) =>
  eventually(
    () => service.api.get(`/v1/process-instances/${id}`, service.admin),
    (r) => ['completed', 'failed', 'cancelled'].includes(r.body.status as string),
  );

describe('escalation: a person’s step that times out', function () {
  this.timeout(30_000);
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  it('goes to on_timeout once nobody approved in time, with the error at steps.<id>.error', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'escalation.approval',
        [
          { id: 'approve', type: 'approval', timeout_ms: 300, on_timeout: 'escalate' },
          { id: 'done', type: 'succeed' },
          { id: 'escalate', type: 'transform', value: '"escalated: " & steps.approve.error.code' },
        ],
        'steps.escalate',
      ),
    );
    const res = await run(service, 'escalation.approval', { input: {} });
    expect(res.status, res.text).to.equal(201);
    const id = res.body.id as string;
    const end = await ended(service, id);
    expect(end.body.status).to.equal('completed');
    expect(end.body.result).to.deep.equal({ output: 'escalated: timeout' });
    const steps = end.body.steps as Array<Record<string, any>>;
    expect(steps.map((s) => `${s.id}:${s.status}`)).to.deep.equal([
      'approve:failed',
      'escalate:completed',
    ]);
    expect(steps[0]!.error).to.include({ code: 'timeout', step_id: 'approve' });
    // Too late: the approval is refused, and changes nothing.
    const late = await service.api.post(`/v1/process-instances/${id}/approvals`, service.admin, {
      step_id: 'approve',
      decision: 'approved',
    });
    expect(late.status).to.equal(409);
  });

  it('fails the instance with code timeout when there is no on_timeout', async () => {
    await activeDefinition(
      service,
      definitionOf('escalation.none', [
        { id: 'confirm', type: 'user_action', action: 'confirm', timeout_ms: 200 },
      ]),
    );
    const res = await run(service, 'escalation.none', { input: {} });
    const end = await ended(service, res.body.id as string);
    expect(end.body.status).to.equal('failed');
    expect(end.body.error).to.include({ code: 'timeout', step_id: 'confirm' });
  });

  it('lets a person answer in time: the deadline then changes nothing', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'escalation.answered',
        [
          { id: 'confirm', type: 'user_action', timeout_ms: 1500, on_timeout: 'late' },
          { id: 'ok', type: 'transform', value: '"answered"', next: 'end' },
          { id: 'late', type: 'transform', value: '"late"' },
          { id: 'end', type: 'succeed' },
        ],
        'steps.ok',
      ),
    );
    const res = await run(service, 'escalation.answered', { input: {} });
    const id = res.body.id as string;
    await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'waiting',
    );
    const answered = await service.api.post(
      `/v1/process-instances/${id}/user-actions`,
      service.admin,
      { step_id: 'confirm', data: { ok: true } },
    );
    expect(answered.status, answered.text).to.equal(200);
    const end = await ended(service, id);
    expect(end.body.result).to.deep.equal({ output: 'answered' });
    // Past the deadline, nothing moves: the timer of a step already answered fires nothing.
    await new Promise((resolve) => setTimeout(resolve, 1800));
    const after = await service.api.get(`/v1/process-instances/${id}`, service.admin);
    expect(after.body.status).to.equal('completed');
    expect((after.body.steps as Array<{ id: string }>).map((s) => s.id)).to.not.include('late');
  });

  it('refuses on_timeout naming no step, and on_timeout without timeout_ms, at their paths', async () => {
    const refused = await service.api.post('/v1/process-definitions', service.admin, {
      ...definitionOf('escalation.bad', [
        { id: 'a', type: 'approval', timeout_ms: 100, on_timeout: 'nowhere' },
        { id: 'b', type: 'user_action', on_timeout: 'a' },
      ]),
    });
    expect(refused.status, refused.text).to.equal(400);
    const paths = (refused.body.errors as Array<{ path: string }>).map((e) => e.path);
    expect(paths).to.include.members(['steps.0.on_timeout', 'steps.1.on_timeout']);
  });
});
