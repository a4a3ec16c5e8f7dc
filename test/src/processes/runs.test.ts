import { expect } from 'chai';
import { createKey } from '../../support/builders.js';
import { eventually } from '../../support/delivery.js';
import { activeDefinition, doubling, instance, run } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const approvalFlow = (id: string) => ({
  id,
  name: 'Approve then answer',
  input_schema: { type: 'object' },
  steps: [
    { id: 'approve', type: 'approval' },
    { id: 'answer', type: 'transform', value: '"done"' },
  ],
  output: 'steps.answer',
});

describe('process runs API', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ SLUICE_MAX_WAIT_MS: '5000' });
    await activeDefinition(service, doubling('runs.double'));
    await activeDefinition(service, approvalFlow('runs.approval'));
    await activeDefinition(service, {
      id: 'runs.slow',
      name: 'Wait a second',
      input_schema: { type: 'object' },
      steps: [{ id: 'pause', type: 'delay', duration_ms: 1000 }],
    });
  });
  after(() => service.stop());

  it('answers 201 with the created instance at once without wait', async () => {
    const res = await run(service, 'runs.double', {
      input: { n: 4 },
      start_source: { app: 'crm' },
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.headers.get('location')).to.equal(`/v1/process-instances/${res.body.id}`);
    expect(res.body).to.include({
      object: 'process_instance',
      merchant_id: 'mer_acme',
      replay_of: null,
    });
    expect(res.body.definition).to.deep.equal({ id: 'runs.double', version: 1 });
    expect(res.body.inputs).to.deep.equal({ n: 4 });
    expect(res.body.start_source).to.deep.equal({ app: 'crm', mode: 'api' });
  });

  it('answers 200 with the output when the run ends within the window', async () => {
    const res = await run(service, 'runs.double', { input: { n: 21 }, wait: { timeout_ms: 5000 } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.status).to.equal('completed');
    expect(res.body.result).to.deep.equal({ output: { doubled: 42 } });
    expect(res.body.steps).to.have.length(1);
    expect(res.body.steps[0]).to.include({
      id: 'double',
      type: 'transform',
      status: 'completed',
      output: 42,
    });
  });

  it('answers 202 with the instance and Location when the window closes first; the run goes on', async () => {
    const started = Date.now();
    const res = await run(service, 'runs.slow', { wait: { timeout_ms: 150 } });
    expect(res.status, res.text).to.equal(202);
    expect(Date.now() - started).to.be.at.least(140);
    expect(res.headers.get('location')).to.equal(`/v1/process-instances/${res.body.id}`);
    expect(res.body.status).to.equal('waiting');
    const ended = await eventually(
      () => instance(service, res.body.id as string),
      (doc) => doc.status === 'completed',
    );
    expect(ended.status).to.equal('completed');
  });

  it('answers 202 as soon as the run waits for a person, not when the window closes', async () => {
    const started = Date.now();
    const res = await run(service, 'runs.approval', { wait: { timeout_ms: 5000 } });
    expect(res.status, res.text).to.equal(202);
    // Answered once the approval was asked for: the whole window was not waited out.
    expect(Date.now() - started).to.be.below(5000);
    expect(res.headers.get('location')).to.equal(`/v1/process-instances/${res.body.id}`);
    expect(res.body.status).to.equal('waiting');
    expect(res.body.steps[0]).to.include({ id: 'approve', status: 'waiting' });
    const approved = await service.api.post(
      `/v1/process-instances/${res.body.id}/approvals`,
      service.admin,
      {
        step_id: 'approve',
        decision: 'approved',
      },
    );
    expect(approved.status, approved.text).to.equal(200);
  });

  it('refuses wait.timeout_ms outside 1…max with 400', async () => {
    for (const timeout_ms of [0, 5001, 1.5, -3]) {
      const res = await run(service, 'runs.double', { input: { n: 1 }, wait: { timeout_ms } });
      expect(res.status, `${timeout_ms}: ${res.text}`).to.equal(400);
      expect(res.body.errors[0].path).to.equal('wait.timeout_ms');
    }
  });

  it('refuses input failing the schema with 422 and creates nothing', async () => {
    const before = await service.api.get(
      '/v1/process-instances?definition_id=runs.double&limit=100',
      service.admin,
    );
    const res = await run(service, 'runs.double', { input: { n: 'four', extra: true } });
    expect(res.status, res.text).to.equal(422);
    expect(res.body.code).to.equal('input_invalid');
    expect(res.body.errors.map((e: { path: string }) => e.path)).to.include('input.n');
    const after = await service.api.get(
      '/v1/process-instances?definition_id=runs.double&limit=100',
      service.admin,
    );
    expect(after.body.data.length).to.equal(before.body.data.length);
  });

  it('answers 404 for an unknown definition and 409 for one without an active version', async () => {
    const unknown = await run(service, 'runs.nothing', { input: {} });
    expect(unknown.status, unknown.text).to.equal(404);
    await service.api.post('/v1/process-definitions', service.admin, doubling('runs.draft'));
    const inactive = await run(service, 'runs.draft', { input: { n: 1 } });
    expect(inactive.status, inactive.text).to.equal(409);
    expect(inactive.body.code).to.equal('definition_not_active');
  });

  it('keeps each merchant to its own instances', async () => {
    const acme = await createKey(service, 'merchant', 'mer_acme');
    const other = await createKey(service, 'merchant', 'mer_other');
    const mine = await run(service, 'runs.double', { input: { n: 1 } }, acme);
    expect(mine.status, mine.text).to.equal(201);
    expect(mine.body.merchant_id).to.equal('mer_acme');
    expect((await service.api.get(`/v1/process-instances/${mine.body.id}`, other)).status).to.equal(
      404,
    );
    expect(
      (await service.api.get(`/v1/process-instances/${mine.body.id}/events`, other)).status,
    ).to.equal(404);
    const cancel = await service.api.post(
      `/v1/process-instances/${mine.body.id}/cancel`,
      other,
      {},
    );
    expect(cancel.status).to.equal(404);
    const theirs = await service.api.get('/v1/process-instances?limit=100', other);
    expect(theirs.body.data).to.deep.equal([]);
    const forbidden = await run(
      service,
      'runs.double',
      { input: { n: 1 }, merchant_id: 'mer_acme' },
      other,
    );
    expect(forbidden.status).to.equal(403);
  });

  it('cancels a waiting instance and its step, and refuses to cancel a terminal one with 409', async () => {
    const waiting = await run(service, 'runs.approval', { wait: { timeout_ms: 5000 } });
    expect(waiting.body.steps[0]).to.include({ id: 'approve', status: 'waiting' });
    const cancelled = await service.api.post(
      `/v1/process-instances/${waiting.body.id}/cancel`,
      service.admin,
      {},
    );
    expect(cancelled.status, cancelled.text).to.equal(200);
    expect(cancelled.body.status).to.equal('cancelled');
    // The step it waited on ends cancelled with it, rather than waiting for ever.
    expect(cancelled.body.steps[0]).to.include({ id: 'approve', status: 'cancelled' });
    const again = await service.api.post(
      `/v1/process-instances/${waiting.body.id}/cancel`,
      service.admin,
      {},
    );
    expect(again.status).to.equal(409);
    const done = await run(service, 'runs.double', { input: { n: 1 }, wait: { timeout_ms: 5000 } });
    const late = await service.api.post(
      `/v1/process-instances/${done.body.id}/cancel`,
      service.admin,
      {},
    );
    expect(late.status).to.equal(409);
    expect(late.body.code).to.equal('conflict');
  });

  it('replays an instance as a new one with the same inputs and replay_of', async () => {
    const original = await run(service, 'runs.double', {
      input: { n: 5 },
      wait: { timeout_ms: 5000 },
    });
    const replay = await service.api.post(
      `/v1/process-instances/${original.body.id}/replay`,
      service.admin,
      {},
    );
    expect(replay.status, replay.text).to.equal(201);
    expect(replay.body.id).to.not.equal(original.body.id);
    expect(replay.body).to.include({ replay_of: original.body.id });
    expect(replay.body.inputs).to.deep.equal({ n: 5 });
    expect(replay.body.definition).to.deep.equal(original.body.definition);
  });

  it('rejecting an approval fails the instance with approval_rejected', async () => {
    const res = await run(service, 'runs.approval');
    const wrongStep = await service.api.post(
      `/v1/process-instances/${res.body.id}/approvals`,
      service.admin,
      {
        step_id: 'answer',
        decision: 'approved',
      },
    );
    expect(wrongStep.status).to.equal(409);
    const rejected = await service.api.post(
      `/v1/process-instances/${res.body.id}/approvals`,
      service.admin,
      {
        step_id: 'approve',
        decision: 'rejected',
        comment: 'too expensive',
      },
    );
    expect(rejected.status, rejected.text).to.equal(200);
    expect(rejected.body.status).to.equal('failed');
    expect(rejected.body.error).to.deep.equal({
      code: 'approval_rejected',
      message: 'too expensive',
      step_id: 'approve',
    });
  });

  it('lists the instance’s own events, oldest first, page by page', async () => {
    const res = await run(service, 'runs.double', { input: { n: 2 }, wait: { timeout_ms: 5000 } });
    const first = await service.api.get(
      `/v1/process-instances/${res.body.id}/events?limit=2`,
      service.admin,
    );
    expect(first.status, first.text).to.equal(200);
    expect(first.body.data.map((e: { type: string }) => e.type)).to.deep.equal([
      'process_instance.created',
      'process_instance.step_started',
    ]);
    expect(first.body.has_more).to.equal(true);
    const rest = await service.api.get(
      `/v1/process-instances/${res.body.id}/events?limit=100&cursor=${first.body.next_cursor as string}`,
      service.admin,
    );
    expect(rest.body.data.map((e: { type: string }) => e.type)).to.deep.equal([
      'process_instance.step_completed',
      'process_instance.completed',
    ]);
    expect(rest.body.data.map((e: { revision: number }) => e.revision)).to.deep.equal([2, 3]);
    const instanceNow = await instance(service, res.body.id);
    expect(instanceNow.status).to.equal('completed');
  });
});
