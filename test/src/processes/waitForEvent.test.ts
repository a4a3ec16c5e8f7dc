import { expect } from 'chai';
import { eventually } from '../../support/delivery.js';
import { activeDefinition, definitionOf, instance, run } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const payment = (reference: string, merchant = 'mer_acme') => ({
  type: 'payment.received',
  merchant_id: merchant,
  data: {
    payment_id: `pay_${reference}`,
    currency: 'EUR',
    amount: 12990,
    payer_name: 'Customer GmbH',
    reference,
    received_at: '2026-03-20T07:45:00.000Z',
  },
});

/** An order that waits for the payment of its invoice, at most `timeout_ms`. */
const awaitingPayment = (id: string, timeoutMs = 60_000) =>
  definitionOf(
    id,
    [
      {
        id: 'paid',
        type: 'wait_for_event',
        event_type: 'payment.received',
        match: 'event.data.reference = input.invoice_id',
        timeout_ms: timeoutMs,
        on_timeout: 'remind',
      },
      {
        id: 'ship',
        type: 'transform',
        value: '"shipped " & steps.paid.data.payment_id',
        next: 'end',
      },
      { id: 'remind', type: 'transform', value: '"reminded: " & steps.paid.error.code' },
      { id: 'end', type: 'succeed' },
    ],
    '$exists(steps.ship) ? steps.ship : steps.remind',
  );

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('wait_for_event: an instance waits for a business event', function () {
  this.timeout(30_000);
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  const publish = async (body: Record<string, unknown>) => {
    const res = await service.api.post('/v1/events', service.admin, body);
    expect(res.status, res.text).to.equal(201);
    return res.body as { id: string };
  };

  const waiting = (id: string) =>
    eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'waiting',
    );

  it('completes on the matching event only: not one published before, nor another invoice’s, nor another merchant’s', async () => {
    await activeDefinition(service, awaitingPayment('orders.await-payment'));
    // Published before the run: it never counts, though it matches.
    await publish(payment('INV-1'));
    const res = await run(service, 'orders.await-payment', { input: { invoice_id: 'INV-1' } });
    expect(res.status, res.text).to.equal(201);
    const id = res.body.id as string;
    await waiting(id);
    await publish(payment('INV-2'));
    await publish(payment('INV-1', 'mer_other'));
    await settle(300);
    expect((await instance(service, id)).status).to.equal('waiting');

    const matching = await publish(payment('INV-1'));
    const end = await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'completed',
    );
    expect(end.body.result).to.deep.equal({ output: 'shipped pay_INV-1' });
    const paid = (end.body.steps as Array<Record<string, any>>)[0]!;
    expect(paid).to.include({ id: 'paid', type: 'wait_for_event', status: 'completed' });
    expect(paid.output).to.include({ id: matching.id, type: 'payment.received' });
    expect(paid.output.data.reference).to.equal('INV-1');
  });

  it('carries the waking event as the cause of its receipt, and its correlation to what the instance does next', async () => {
    await activeDefinition(
      service,
      definitionOf('orders.await-then-confirm', [
        {
          id: 'paid',
          type: 'wait_for_event',
          event_type: 'payment.received',
          match: 'event.data.reference = input.invoice_id',
        },
        {
          id: 'confirm',
          type: 'emit',
          event_type: 'order.confirmed',
          data: '{ "order": input.invoice_id }',
        },
      ]),
    );
    const res = await run(service, 'orders.await-then-confirm', {
      input: { invoice_id: 'INV-CHAIN' },
    });
    const id = res.body.id as string;
    await waiting(id);
    const matching = await publish(payment('INV-CHAIN'));
    const end = await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'completed',
    );
    const confirmed = (end.body.steps as Array<Record<string, any>>)[1]!.output.event_id as string;

    type Entry = { id: string; type: string; stream: string; metadata: Record<string, string> };
    const entries = async (query: string) => {
      const page = await service.api.get(`/v1/audit/events?${query}&limit=100`, service.admin);
      expect(page.status, page.text).to.equal(200);
      return page.body.data as Entry[];
    };
    const [published] = await entries(`stream=event-${matching.id}`);
    const chain = published!.metadata.correlation_id ?? published!.id;
    const followed = await entries(`correlation_id=${chain}`);
    const received = followed.find((e) => e.type === 'process_instance.event_received');
    expect(received, 'the receipt is in the payment’s chain').to.not.equal(undefined);
    expect(received!.stream).to.equal(`process_instance-${id}`);
    expect(received!.metadata.causation_id).to.equal(published!.id);
    const types = followed.map((e) => `${e.stream.split('-')[0]}:${e.type}`);
    expect(types).to.include('process_instance:process_instance.completed');
    expect(followed.map((e) => e.stream)).to.include(`event-${confirmed}`);
  });

  it('goes to on_timeout when no matching event comes in time', async () => {
    await activeDefinition(service, awaitingPayment('orders.await-late', 300));
    const res = await run(service, 'orders.await-late', { input: { invoice_id: 'INV-9' } });
    const id = res.body.id as string;
    const end = await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'completed',
    );
    expect(end.body.result).to.deep.equal({ output: 'reminded: timeout' });
    // Too late: a matching event now changes nothing.
    await publish(payment('INV-9'));
    await settle(300);
    expect((await instance(service, id)).result).to.deep.equal({ output: 'reminded: timeout' });
  });

  it('waits for extension.* events too, which serve orchestration and are never delivered', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'orders.await-signal',
        [
          {
            id: 'signal',
            type: 'wait_for_event',
            event_type: 'extension.warehouse.picked',
            match: 'event.data.order = input.order',
          },
        ],
        'steps.signal.data.by',
      ),
    );
    const res = await run(service, 'orders.await-signal', { input: { order: 'ord_7' } });
    const id = res.body.id as string;
    await waiting(id);
    await publish({
      type: 'extension.warehouse.picked',
      merchant_id: 'mer_acme',
      data: { order: 'ord_7', by: 'robot-3' },
    });
    const end = await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => r.body.status === 'completed',
    );
    expect(end.body.result).to.deep.equal({ output: 'robot-3' });
  });

  it('answers a run that waits with 202 once the instance waits for its event', async () => {
    const res = await run(service, 'orders.await-payment', {
      input: { invoice_id: 'INV-3' },
      wait: { timeout_ms: 5_000 },
    });
    expect(res.status, res.text).to.equal(202);
    expect(res.body.status).to.equal('waiting');
  });

  it('refuses a type no event may have and a match that does not compile, at their paths', async () => {
    const refused = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      definitionOf('orders.bad-wait', [
        { id: 'w', type: 'wait_for_event', event_type: 'Payment!', match: 'event.(' },
      ]),
    );
    expect(refused.status, refused.text).to.equal(400);
    const paths = (refused.body.errors as Array<{ path: string }>).map((e) => e.path);
    expect(paths).to.deep.equal(['steps.0.event_type', 'steps.0.match']);
  });
});
