import { expect } from 'chai';
import { exampleDefinitions } from '../../../src/examples/processes/definitions.js';
import { startPricing } from '../../../src/examples/pricing.js';
import { eventually } from '../../support/delivery.js';
import { activeDefinition, run } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('the example process definitions', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
    for (const definition of exampleDefinitions) await activeDefinition(service, definition);
  });
  after(() => service.stop());

  it('order.summary totals the order and confirms it', async () => {
    const res = await run(service, 'order.summary', {
      input: {
        order_id: 'ord_1',
        items: [
          { sku: 'a', price: 2.5, quantity: 4 },
          { sku: 'b', price: 1, quantity: 1 },
        ],
      },
      wait: { timeout_ms: 5000 },
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.result.output).to.include({ order_id: 'ord_1', total: 11 });
  });

  it('refund.approval approves small refunds at once and parks large ones for review', async () => {
    const small = await run(service, 'refund.approval', {
      input: { payment_id: 'pay_1', amount: 40 },
      wait: { timeout_ms: 5000 },
    });
    expect(small.status, small.text).to.equal(200);
    expect(small.body.result.output).to.deep.equal({ payment_id: 'pay_1', refunded: 40 });
    expect(small.body.steps.map((s: { id: string }) => s.id)).to.deep.equal(['auto', 'refund']);
    const large = await run(service, 'refund.approval', {
      input: { payment_id: 'pay_2', amount: 400 },
    });
    const parked = await eventually(
      () => service.api.get(`/v1/process-instances/${large.body.id as string}`, service.admin),
      (r) => r.body.status === 'waiting',
    );
    expect(parked.body.steps[0]).to.include({ id: 'review', status: 'waiting' });
  });

  it('invoice.reminder waits before reminding', async () => {
    const res = await run(service, 'invoice.reminder', {
      input: { invoice_id: 'inv_1' },
      wait: { timeout_ms: 200 },
    });
    expect(res.status, res.text).to.equal(202);
    expect(res.body.status).to.equal('waiting');
  });

  it('order.await_payment confirms the order once its invoice is paid', async () => {
    const res = await run(service, 'order.await_payment', {
      input: { order_id: 'ord_9', invoice_id: 'INV-2026-000142' },
      wait: { timeout_ms: 5000 },
    });
    expect(res.status, res.text).to.equal(202);
    expect(res.body.steps[0]).to.include({ id: 'paid', status: 'waiting' });
    const paid = await service.api.post('/v1/events', service.admin, {
      type: 'payment.received',
      merchant_id: 'mer_acme',
      data: {
        payment_id: 'pay_9c2w7d',
        currency: 'EUR',
        amount: 12990,
        payer_name: 'Customer GmbH',
        reference: 'INV-2026-000142',
        received_at: '2026-03-20T07:45:00.000Z',
      },
    });
    expect(paid.status, paid.text).to.equal(201);
    const done = await eventually(
      () => service.api.get(`/v1/process-instances/${res.body.id as string}`, service.admin),
      (r) => r.body.status === 'completed',
    );
    expect(done.body.result.output).to.deep.equal({ order_id: 'ord_9', payment_id: 'pay_9c2w7d' });
    expect(done.body.steps.map((s: { id: string }) => s.id)).to.deep.equal([
      'paid',
      'confirm',
      'done',
    ]);
  });

  it('order.fan_out prices each line with the pricing service and totals them', async () => {
    const pricing = await startPricing();
    try {
      const res = await run(service, 'order.fan_out', {
        input: {
          order_id: 'ord_5',
          lines: [
            { sku: 'A', quantity: 4 },
            { sku: 'Z', quantity: 1 },
            { sku: 'C', quantity: 2 },
          ],
        },
        wait: { timeout_ms: 10_000 },
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.result.output).to.deep.equal({
        order_id: 'ord_5',
        lines: [
          { sku: 'A', unit_cents: 250, total_cents: 1000 },
          { sku: 'Z', error: 'The service answered 404.' },
          { sku: 'C', unit_cents: 4990, total_cents: 9980 },
        ],
        total_cents: 10980,
      });
    } finally {
      pricing.close();
    }
  });
});
