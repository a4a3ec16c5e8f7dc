import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServerProcess } from '../support/serverProcess.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_process_restart_admin_key_0123456789';

const call = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

const publish = async (server: ServerProcess, definition: Record<string, unknown>) => {
  expect((await call(server, 'POST', '/v1/process-definitions', definition)).status).to.equal(201);
  const id = definition.id as string;
  expect(
    (await call(server, 'POST', `/v1/process-definitions/${id}/activate`, { version: 1 })).status,
  ).to.equal(200);
};

const until = async (server: ServerProcess, id: string, status: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(server, 'GET', `/v1/process-instances/${id}`);
    if (res.body.status === status) return res.body;
    if (Date.now() > deadline) throw new Error(`${id} is ${res.body.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const kill = async (server: ServerProcess) => {
  server.child.kill('SIGKILL');
  await server.exited.catch(() => undefined);
};

describe('process instances survive SIGKILL', function () {
  this.timeout(120_000);

  it('resumes a delay and a waiting approval after the server is killed and restarted', async () => {
    const dir = tempDir();
    const env = { SLUICE_DATA_DIR: dir.path, SLUICE_ADMIN_KEY: ADMIN };
    let server = await startServerProcess(env);
    try {
      await publish(server, {
        id: 'restart.delay',
        name: 'Delay',
        input_schema: { type: 'object' },
        steps: [
          { id: 'pause', type: 'delay', duration_ms: 1500 },
          { id: 'after', type: 'transform', value: 'input.n + 1' },
        ],
        output: 'steps.after',
      });
      await publish(server, {
        id: 'restart.approval',
        name: 'Approval',
        input_schema: { type: 'object' },
        steps: [
          { id: 'approve', type: 'approval' },
          { id: 'after', type: 'transform', value: '"approved"' },
        ],
        output: 'steps.after',
      });
      const delayed = await call(server, 'POST', '/v1/processes/restart.delay/runs', {
        merchant_id: 'mer_acme',
        input: { n: 41 },
      });
      const approval = await call(server, 'POST', '/v1/processes/restart.approval/runs', {
        merchant_id: 'mer_acme',
      });
      await until(server, delayed.body.id as string, 'waiting');
      await until(server, approval.body.id as string, 'waiting');

      await kill(server);
      server = await startServerProcess(env);

      // The delay's timer is due while the server is down or soon after: it fires after the restart.
      const woke = await until(server, delayed.body.id as string, 'completed');
      expect(woke.result).to.deep.equal({ output: 42 });
      expect(
        Date.parse(woke.completed_at as string) - Date.parse(woke.created_at as string),
      ).to.be.at.least(1500);

      const resumed = await call(
        server,
        'POST',
        `/v1/process-instances/${approval.body.id as string}/approvals`,
        {
          step_id: 'approve',
          decision: 'approved',
        },
      );
      expect(resumed.status).to.equal(200);
      const approved = await until(server, approval.body.id as string, 'completed');
      expect(approved.result).to.deep.equal({ output: 'approved' });
    } finally {
      await kill(server);
      dir.remove();
    }
  });

  it('resumes instances waiting for an event, and a parent whose child runs, exactly once', async () => {
    const dir = tempDir();
    const env = { SLUICE_DATA_DIR: dir.path, SLUICE_ADMIN_KEY: ADMIN };
    let server = await startServerProcess(env);
    const payment = (reference: string) => ({
      type: 'payment.received',
      merchant_id: 'mer_acme',
      data: {
        payment_id: `pay_${reference}`,
        currency: 'EUR',
        amount: 100,
        payer_name: 'Customer GmbH',
        reference,
        received_at: '2026-03-20T07:45:00.000Z',
      },
    });
    try {
      await publish(server, {
        id: 'restart.await',
        name: 'Await payment',
        input_schema: { type: 'object' },
        steps: [
          {
            id: 'paid',
            type: 'wait_for_event',
            event_type: 'payment.received',
            match: 'event.data.reference = input.invoice',
          },
        ],
        output: 'steps.paid.data.payment_id',
      });
      await publish(server, {
        id: 'restart.slow-child',
        name: 'Slow child',
        input_schema: { type: 'object' },
        steps: [
          { id: 'pause', type: 'delay', duration_ms: 1500 },
          { id: 'after', type: 'transform', value: 'input.n * 2' },
        ],
        output: 'steps.after',
      });
      await publish(server, {
        id: 'restart.parent',
        name: 'Parent',
        input_schema: { type: 'object' },
        steps: [{ id: 'sub', type: 'call', process_id: 'restart.slow-child', input: '{"n": 21}' }],
        output: 'steps.sub',
      });
      const runOf = async (definition: string, input: Record<string, unknown>) =>
        (
          await call(server, 'POST', `/v1/processes/${definition}/runs`, {
            merchant_id: 'mer_acme',
            input,
          })
        ).body.id as string;
      const early = await runOf('restart.await', { invoice: 'INV-A' });
      const late = await runOf('restart.await', { invoice: 'INV-B' });
      const parent = await runOf('restart.parent', {});
      await until(server, early, 'waiting');
      await until(server, late, 'waiting');
      await until(server, parent, 'waiting');

      // The event is recorded, and the server dies before or while correlating it.
      expect((await call(server, 'POST', '/v1/events', payment('INV-A'))).status).to.equal(201);
      await kill(server);
      server = await startServerProcess(env);

      expect((await until(server, early, 'completed')).result).to.deep.equal({
        output: 'pay_INV-A',
      });
      expect((await call(server, 'GET', `/v1/process-instances/${late}`)).body.status).to.equal(
        'waiting',
      );
      expect((await call(server, 'POST', '/v1/events', payment('INV-B'))).status).to.equal(201);
      expect((await until(server, late, 'completed')).result).to.deep.equal({
        output: 'pay_INV-B',
      });
      const done = await until(server, parent, 'completed');
      expect(done.result).to.deep.equal({ output: 42 });
      expect(done.children).to.have.length(1);

      // Exactly once: one receipt in each history, one child.
      for (const id of [early, late]) {
        const history = await call(server, 'GET', `/v1/process-instances/${id}/events`);
        const types = (history.body.data as Array<{ type: string }>).map((e) => e.type);
        expect(types.filter((t) => t === 'process_instance.event_received')).to.have.length(1);
        expect(types.filter((t) => t === 'process_instance.completed')).to.have.length(1);
      }
    } finally {
      await kill(server);
      dir.remove();
    }
  });

  it('finishes a map half done when the server is killed, each run’s output in its place', async () => {
    const dir = tempDir();
    const env = { SLUICE_DATA_DIR: dir.path, SLUICE_ADMIN_KEY: ADMIN, SLUICE_DEV: 'true' };
    const calls: number[] = [];
    const pricing = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { n } = JSON.parse(body) as { n: number };
        calls.push(n);
        setTimeout(() => {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ price: n * 3 }));
        }, 100);
      });
    });
    await new Promise<void>((resolve) => pricing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(pricing.address() as AddressInfo).port}/price`;
    let server = await startServerProcess(env);
    try {
      await publish(server, {
        id: 'restart.map',
        name: 'Price the lines',
        input_schema: { type: 'object' },
        steps: [
          {
            id: 'lines',
            type: 'map',
            items: 'input.lines',
            max_concurrency: 2,
            steps: [
              { id: 'price', type: 'http', method: 'POST', url, body: '{ "n": item }' },
              { id: 'value', type: 'transform', value: 'steps.price.body.price' },
            ],
          },
        ],
        output: 'steps.lines',
      });
      const lines = Array.from({ length: 20 }, (_, i) => i + 1);
      const started = await call(server, 'POST', '/v1/processes/restart.map/runs', {
        merchant_id: 'mer_acme',
        input: { lines },
      });
      const id = started.body.id as string;
      while (calls.length < 6) await new Promise((resolve) => setTimeout(resolve, 10));
      await kill(server);
      server = await startServerProcess(env);

      const done = await until(server, id, 'completed', 30_000);
      expect(done.result).to.deep.equal({ output: lines.map((n) => n * 3) });
      // Every line priced; a call in flight at the kill may have been made again, no more.
      expect(new Set(calls).size).to.equal(20);
      expect(calls.length).to.be.at.most(22);
      const history = await call(server, 'GET', `/v1/process-instances/${id}/events?limit=100`);
      const completions = (
        history.body.data as Array<{ type: string; data: { step_id: string; lane?: string } }>
      )
        .filter((e) => e.type === 'process_instance.step_completed' && e.data.step_id === 'value')
        .map((e) => e.data.lane);
      expect(completions).to.have.length(20);
      expect(new Set(completions).size).to.equal(20);
    } finally {
      await kill(server);
      pricing.close();
      dir.remove();
    }
  });
});
