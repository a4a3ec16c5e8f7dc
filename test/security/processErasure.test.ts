import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { eventually } from '../support/delivery.js';
import { markersAtRest } from '../support/payloadScan.js';
import { activeDefinition } from '../support/processes.js';
import { tempDir } from '../support/tempDir.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const ERASED = 'mer_erased_runs';
const OTHER = 'mer_kept_runs';
const hex = () => randomBytes(10).toString('hex');

/**
 * A run that holds a merchant's data at each place an instance keeps it: its input, a map's items
 * and their outputs, a business event it waited for (and its copy as the step's output), a
 * person's answer, an approval's comment, and the result.
 */
const definition = {
  id: 'erasure.order',
  name: 'An order waits for its payment',
  input_schema: { type: 'object' },
  steps: [
    { id: 'echo', type: 'transform', value: 'input.customer' },
    {
      id: 'lines',
      type: 'map',
      items: 'input.lines',
      steps: [{ id: 'line', type: 'transform', value: 'item' }],
    },
    {
      id: 'paid',
      type: 'wait_for_event',
      event_type: 'payment.received',
      match: 'event.data.order_id = input.order_id',
    },
    { id: 'answer', type: 'user_action' },
    { id: 'ok', type: 'approval' },
  ],
  output: '{ "payer": steps.paid.data.payer_name, "answer": steps.answer, "who": steps.echo }',
};

describe('erasure and retention reach process instances', function () {
  this.timeout(60_000);
  const folder = tempDir();
  let service: TestService;
  const markers = {
    customer: `customer_${hex()}`,
    line: `line_${hex()}`,
    payer: `payer_${hex()}`,
    answer: `answer_${hex()}`,
    comment: `comment_${hex()}`,
    other: `other_${hex()}`,
  };
  const all = Object.values(markers);

  const start = () => startTestService({}, { dataDir: folder.path });
  before(async () => {
    service = await start();
    await activeDefinition(service, definition);
  });
  after(async () => {
    await service.close();
    folder.remove();
  });

  const read = async (id: string) =>
    (await service.api.get(`/v1/process-instances/${id}`, service.admin)).body as Record<
      string,
      any
    >;

  /** Runs the definition for the merchant to its end, every wait answered; the instance's id. */
  const runToEnd = async (merchant: string, customer: string) => {
    const orderId = `ord_${hex()}`;
    const run = await service.api.post(`/v1/processes/${definition.id}/runs`, service.admin, {
      merchant_id: merchant,
      input: { customer, order_id: orderId, lines: [{ sku: markers.line }] },
    });
    expect(run.status, run.text).to.equal(201);
    const id = run.body.id as string;
    const waitingAt = async (step: string) =>
      eventually(
        () => read(id),
        (i) =>
          i.status === 'waiting' &&
          (i.steps as Array<{ id: string; status: string }>).some(
            (s) => s.id === step && s.status === 'waiting',
          ),
      );
    await waitingAt('paid');
    const paid = await service.api.post('/v1/events', service.admin, {
      type: 'payment.received',
      merchant_id: merchant,
      data: { order_id: orderId, payer_name: markers.payer, amount: 100 },
    });
    expect(paid.status, paid.text).to.equal(201);
    await waitingAt('answer');
    const answered = await service.api.post(
      `/v1/process-instances/${id}/user-actions`,
      service.admin,
      {
        step_id: 'answer',
        data: { note: markers.answer },
      },
    );
    expect(answered.status, answered.text).to.equal(200);
    await waitingAt('ok');
    const approved = await service.api.post(
      `/v1/process-instances/${id}/approvals`,
      service.admin,
      {
        step_id: 'ok',
        decision: 'approved',
        comment: markers.comment,
      },
    );
    expect(approved.status, approved.text).to.equal(200);
    await eventually(
      () => read(id),
      (i) => i.status === 'completed',
    );
    return id;
  };

  let erasedRun: string;
  let keptRun: string;

  it('serves a run’s data in clear, while no file holds any of it in clear', async () => {
    erasedRun = await runToEnd(ERASED, markers.customer);
    keptRun = await runToEnd(OTHER, markers.other);
    const instance = await read(erasedRun);
    expect(instance.inputs.customer).to.equal(markers.customer);
    expect(instance.result.output).to.deep.equal({
      payer: markers.payer,
      answer: { note: markers.answer },
      who: markers.customer,
    });
    const paid = (instance.steps as Array<{ id: string; output: any }>).find(
      (s) => s.id === 'paid',
    );
    expect(paid!.output.data.payer_name).to.equal(markers.payer);
    const history = await service.api.get(
      `/v1/process-instances/${erasedRun}/events?limit=100`,
      service.admin,
    );
    expect(JSON.stringify(history.body)).to.contain(markers.comment).and.contain(markers.line);
    expect(markersAtRest(service.dataDir, all)).to.deep.equal([]);
  });

  it('after an erasure, the run reads as erased and cannot be run again; another merchant’s is kept', async () => {
    const erased = await service.api.post(`/v1/merchants/${ERASED}/erase`, service.admin, {
      reason: 'GDPR request 77',
    });
    expect(erased.status, erased.text).to.equal(202);
    const instance = await read(erasedRun);
    expect(instance).to.include({ status: 'completed', erased: true, inputs: null });
    expect(instance).to.not.have.property('result');
    for (const step of instance.steps as Array<{ status: string; output?: unknown }>)
      if (step.status === 'completed') expect(step.output).to.equal(null);
    const listed = await service.api.get(
      `/v1/process-instances?merchant_id=${ERASED}`,
      service.admin,
    );
    expect(JSON.stringify(listed.body)).to.not.contain(markers.customer);
    const history = await service.api.get(
      `/v1/process-instances/${erasedRun}/events?limit=100`,
      service.admin,
    );
    const audit = await service.api.get(
      `/v1/audit/events?merchant_id=${ERASED}&limit=200`,
      service.admin,
    );
    for (const marker of [
      markers.customer,
      markers.line,
      markers.payer,
      markers.answer,
      markers.comment,
    ]) {
      expect(JSON.stringify(history.body)).to.not.contain(marker);
      expect(JSON.stringify(audit.body)).to.not.contain(marker);
    }
    const replay = await service.api.post(
      `/v1/process-instances/${erasedRun}/replay`,
      service.admin,
      {},
    );
    expect(replay.status, replay.text).to.equal(409);
    expect(replay.body.code).to.equal('data_erased');

    const kept = await read(keptRun);
    expect(kept.inputs.customer).to.equal(markers.other);
    expect(kept).to.not.have.property('erased');
  });

  it('stays erased through a rebuild and a restart, with nothing in clear at rest', async () => {
    const rebuilt = await service.api.post(
      '/v1/admin/projections/process_instances/rebuild',
      service.admin,
      {},
    );
    expect(rebuilt.status, rebuilt.text).to.equal(202);
    await eventually(
      () => service.api.get('/v1/admin/projections/process_instances', service.admin),
      (r) => r.body.status === 'live',
    );
    await service.close();
    service = await start();
    expect(await read(erasedRun)).to.include({ erased: true, inputs: null });
    expect((await read(keptRun)).inputs.customer).to.equal(markers.other);
    expect(markersAtRest(service.dataDir, all)).to.deep.equal([]);
  });
});
