import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import type { Received, TestReceiver } from '../support/receiver.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { startServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const MERCHANT = 'mer_acme';

/**
 * A receiver that fails the first `failures` tries of one event, answers every request after a
 * short while, and counts the requests it holds at once.
 */
const lineReceiver = async (failing: string, failures: number) => {
  const held = { now: 0, most: 0 };
  let failed = 0;
  const receiver = await startTestReceiver((_n, received) => ({
    respond: (res: ServerResponse) => {
      held.now++;
      held.most = Math.max(held.most, held.now);
      const fail = received.body.id === failing && failed < failures;
      if (fail) failed++;
      setTimeout(() => {
        held.now--;
        res.writeHead(fail ? 500 : 200).end();
      }, 25);
    },
  }));
  return { receiver, held, failedTries: () => failed };
};

/** The events that arrived and were answered 2xx, in the order they arrived. */
const succeeded = (received: readonly Received[], failing: string, failures: number) => {
  let skipped = 0;
  return received
    .filter((delivery) => {
      if (delivery.body.id !== failing || skipped >= failures) return true;
      skipped++;
      return false;
    })
    .map((delivery) => delivery.body.id);
};

const eventIds = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `evt_${prefix}_${String(i).padStart(2, '0')}`);

describe('a FIFO endpoint', function () {
  this.timeout(60_000);
  let service: TestService;
  let receiver: TestReceiver;

  afterEach(async () => {
    await service.stop();
    await receiver.close();
  });

  const run = async (ordering: 'fifo' | 'unordered') => {
    const ids = eventIds(ordering, 8);
    const line = await lineReceiver(ids[0]!, 2);
    receiver = line.receiver;
    service = await startTestService({
      SLUICE_RETRY_SCHEDULE_S: '0.3,0.3,0.3',
      SLUICE_ENDPOINT_CONCURRENCY: '4',
    });
    const created = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: MERCHANT,
      url: receiver.url,
      ordering,
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.body.ordering).to.equal(ordering);
    const secret = (await service.api.get(`/v1/webhooks/${created.body.id}/secret`, service.admin))
      .body.key as string;
    for (const [i, id] of ids.entries()) {
      const published = await service.api.post('/v1/events', service.admin, {
        id,
        type: 'order.created',
        merchant_id: MERCHANT,
        data: { line: i },
      });
      expect(published.status, published.text).to.equal(201);
    }
    await receiver.waitFor(ids.length + 2, 20_000);
    for (const delivery of receiver.received) expect(verifies(delivery, secret)).to.equal(true);
    return { ids, line };
  };

  it('delivers in log order, one at a time, while its first message fails twice and is retried', async () => {
    const { ids, line } = await run('fifo');
    expect(line.failedTries()).to.equal(2);
    // The first message's three tries come first: nothing behind it goes while it waits.
    expect(receiver.received.slice(0, 3).map((d) => d.body.id)).to.deep.equal([
      ids[0],
      ids[0],
      ids[0],
    ]);
    expect(succeeded(receiver.received, ids[0]!, 2)).to.deep.equal(ids);
    expect(line.held.most).to.equal(1);
  });

  it('is what makes the difference: an unordered endpoint lets the others pass a retried message', async () => {
    const { ids, line } = await run('unordered');
    expect(succeeded(receiver.received, ids[0]!, 2)).to.not.deep.equal(ids);
    expect(line.held.most).to.be.greaterThan(1);
  });

  it('can be switched to FIFO and back, and refuses an unknown ordering', async () => {
    receiver = await startTestReceiver();
    service = await startTestService();
    const created = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: MERCHANT,
      url: receiver.url,
    });
    expect(created.body.ordering).to.equal('unordered');
    const id = created.body.id as string;
    const fifo = await service.api.post(`/v1/webhooks/${id}`, service.admin, { ordering: 'fifo' });
    expect(fifo.status, fifo.text).to.equal(200);
    expect(fifo.body.ordering).to.equal('fifo');
    const bad = await service.api.post(`/v1/webhooks/${id}`, service.admin, { ordering: 'lifo' });
    expect(bad.status).to.equal(400);
    expect((await service.api.get(`/v1/webhooks/${id}`, service.admin)).body.ordering).to.equal(
      'fifo',
    );
  });
});

describe('a FIFO endpoint across a SIGKILL', function () {
  this.timeout(120_000);

  it('keeps its line: after a restart, deliveries go on in log order, one at a time', async () => {
    const ADMIN = 'sk_fifo_test_admin_key_0123456789abcdef';
    const dir = tempDir();
    const ids = eventIds('kill', 16);
    const line = await lineReceiver(ids[0]!, 2);
    const env = {
      SLUICE_DATA_DIR: dir.path,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_ALLOW_HTTP_URLS: 'true',
      SLUICE_ALLOW_PRIVATE_URLS: 'true',
      SLUICE_RETRY_SCHEDULE_S: '0.3,0.3,0.3',
    };
    let server: ServerProcess = await startServerProcess(env);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    try {
      const created = await call('POST', '/v1/webhooks', {
        merchant_id: MERCHANT,
        url: line.receiver.url,
        ordering: 'fifo',
      });
      expect(created.status).to.equal(201);
      for (const [i, id] of ids.entries()) {
        const published = await call('POST', '/v1/events', {
          id,
          type: 'order.created',
          merchant_id: MERCHANT,
          data: { line: i },
        });
        expect(published.status).to.equal(201);
      }
      // Killed once the line has moved past its retried head, with the rest still waiting.
      await line.receiver.waitFor(6, 20_000);
      server.child.kill('SIGKILL');
      await server.exited;
      server = await startServerProcess(env);
      const deadline = Date.now() + 30_000;
      const done = () => new Set(succeeded(line.receiver.received, ids[0]!, 2)).size === ids.length;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

      const arrived = succeeded(line.receiver.received, ids[0]!, 2);
      expect(new Set(arrived).size).to.equal(ids.length);
      // A try on the wire when the server died may come again, but nothing ever goes back in line.
      const places = arrived.map((id) => ids.indexOf(id));
      for (let i = 1; i < places.length; i++)
        expect(places[i], `${arrived.join(', ')}`).to.be.at.least(places[i - 1]!);
      expect(line.held.most).to.equal(1);
    } finally {
      server.child.kill('SIGKILL');
      await line.receiver.close();
      dir.remove();
    }
  });
});
