import { expect } from 'chai';
import { deliveryHarness, endpointWithSecret } from '../support/delivery.js';
import { activeDefinition, run } from '../support/processes.js';
import { verifies } from '../support/receiver.js';

describe('processes: merchants follow their runs by webhook', function () {
  this.timeout(30_000);
  const harness = deliveryHarness();

  it('delivers process.instance.created and .completed, signed, with what the run emitted', async () => {
    const hooks = await harness.receivers.start();
    const { secret } = await endpointWithSecret(harness.service, hooks.url, {
      filter_types: ['process.instance.created', 'process.instance.completed', 'order.confirmed'],
    });
    await activeDefinition(harness.service, {
      id: 'e2e.confirm',
      name: 'Confirm an order',
      input_schema: { type: 'object', required: ['order'] },
      steps: [
        {
          id: 'confirm',
          type: 'emit',
          event_type: 'order.confirmed',
          data: '{ "order": input.order }',
        },
      ],
      output: '{ "confirmed": input.order }',
    });
    const res = await run(harness.service, 'e2e.confirm', {
      input: { order: 'ord_9' },
      wait: { timeout_ms: 5000 },
    });
    expect(res.status, res.text).to.equal(200);
    const instanceId = res.body.id as string;

    const deliveries = await hooks.waitFor(3);
    for (const delivery of deliveries)
      expect(verifies(delivery, secret), delivery.raw).to.equal(true);
    const byType = new Map(deliveries.map((d) => [d.body.type, d.body]));
    expect([...byType.keys()].sort()).to.deep.equal([
      'order.confirmed',
      'process.instance.completed',
      'process.instance.created',
    ]);
    expect(byType.get('process.instance.created')).to.include({ merchant_id: 'mer_acme' });
    expect(byType.get('process.instance.created')!.data).to.deep.equal({
      instance_id: instanceId,
      definition: { id: 'e2e.confirm', version: 1 },
      status: 'pending',
    });
    expect(byType.get('process.instance.completed')!.data).to.deep.equal({
      instance_id: instanceId,
      definition: { id: 'e2e.confirm', version: 1 },
      status: 'completed',
      output: { confirmed: 'ord_9' },
    });
    expect(byType.get('order.confirmed')!.data).to.deep.equal({ order: 'ord_9' });
    // Each notice is one event: its webhook-id is the business event's id.
    for (const delivery of deliveries)
      expect(delivery.headers['webhook-id']).to.equal(delivery.body.id);
  });

  it('tells the merchant when a run waits for a person: a user action, then an approval', async () => {
    const hooks = await harness.receivers.start();
    const asked = ['process.user_action.requested', 'approval_request.created'];
    const { secret } = await endpointWithSecret(harness.service, hooks.url, {
      filter_types: asked,
    });
    await activeDefinition(harness.service, {
      id: 'e2e.people',
      name: 'Confirm, then approve',
      input_schema: { type: 'object' },
      steps: [
        { id: 'confirm', type: 'user_action', action: 'confirm_address' },
        { id: 'approve', type: 'approval' },
      ],
    });
    const res = await run(harness.service, 'e2e.people', { wait: { timeout_ms: 5000 } });
    expect(res.status, res.text).to.equal(202);
    const instanceId = res.body.id as string;
    const [requested] = await hooks.waitFor(1);
    expect(verifies(requested!, secret)).to.equal(true);
    expect(requested!.body).to.include({
      type: 'process.user_action.requested',
      merchant_id: 'mer_acme',
    });
    expect(requested!.body.data).to.deep.equal({
      instance_id: instanceId,
      step_id: 'confirm',
      action: 'confirm_address',
    });

    const path = `/v1/process-instances/${instanceId}/user-actions`;
    const done = await harness.service.api.post(path, harness.service.admin, {
      step_id: 'confirm',
      data: {},
    });
    expect(done.status, done.text).to.equal(200);
    const [, approval] = await hooks.waitFor(2);
    expect(verifies(approval!, secret)).to.equal(true);
    expect(approval!.body.type).to.equal('approval_request.created');
    expect(approval!.body.data).to.deep.equal({ instance_id: instanceId, step_id: 'approve' });
  });
});
