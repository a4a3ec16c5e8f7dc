import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { createKey } from '../../support/builders.js';
import {
  deliveryHarness,
  endpointWithSecret,
  eventually,
  publish,
} from '../../support/delivery.js';
import { newEvent } from '../../support/events.js';
import type { TestService } from '../../support/testService.js';

type Entry = {
  position: string;
  stream: string;
  revision: number;
  id: string;
  type: string;
  merchant_id: string | null;
  data: Record<string, unknown>;
  metadata: Record<string, string | null>;
};

/** Every page of the audit log after `from`, as an auditor would read it. */
const readAudit = async (service: TestService, key: string, query: string, from?: string) => {
  const entries: Entry[] = [];
  let next = from;
  let pages = 0;
  for (;;) {
    const res = await service.api.get(
      `/v1/audit/events?limit=100${query}${next ? `&from_position=${next}` : ''}`,
      key,
    );
    expect(res.status, res.text).to.equal(200);
    entries.push(...(res.body.data as Entry[]));
    pages++;
    next = res.body.next_position as string;
    if (!res.body.has_more) return { entries, next, pages };
  }
};

const appendMany = async (service: TestService, count: number, merchant: string | null) => {
  const writes = [];
  for (let i = 0; i < count; i++) {
    writes.push(
      service.services.eventStore.append(
        `audit_test-${i % 50}`,
        [newEvent(i % 10 === 0 ? 'audit_test.tenth' : 'audit_test.other', { i }, merchant)],
        'any',
      ),
    );
  }
  for (const result of await Promise.all(writes)) if (isLeft(result)) throw new Error('refused');
};

describe('audit log', () => {
  const harness = deliveryHarness();
  let auditor: string;
  beforeEach(async () => {
    auditor = await createKey(harness.service, 'auditor');
  });

  it('pages through 10,000 events oldest first, with stable positions and no gaps', async () => {
    const service = harness.service;
    await appendMany(service, 10_000, 'mer_audit');
    const first = await readAudit(service, auditor, '');
    const positions = first.entries.map((e) => BigInt(e.position));
    for (let i = 1; i < positions.length; i++)
      expect(positions[i]! > positions[i - 1]!).to.equal(true);
    // The log as the store holds it: every event, each once, in the same order.
    expect(first.entries.length).to.equal(await service.services.eventStore.countAfter(undefined));
    expect(new Set(first.entries.map((e) => e.id)).size).to.equal(first.entries.length);
    expect(first.pages).to.be.at.least(100);
    const again = await readAudit(service, service.admin, '');
    expect(again.entries.map((e) => `${e.position}/${e.id}`)).to.deep.equal(
      first.entries.map((e) => `${e.position}/${e.id}`),
    );
    // From the last next_position, the log reads on with what was appended since, and only that.
    await appendMany(service, 30, 'mer_audit');
    const later = await readAudit(service, auditor, '', first.next);
    expect(later.entries.map((e) => e.data.i)).to.deep.equal(
      [...Array(30).keys()].sort((a, b) => a - b),
    );
  });

  it('filters by exact type, merchant and stream', async () => {
    const service = harness.service;
    await appendMany(service, 200, 'mer_audit');
    await appendMany(service, 50, 'mer_other');
    const tenth = await readAudit(service, auditor, '&type=audit_test.tenth');
    expect(tenth.entries).to.have.length(25);
    expect(tenth.entries.every((e) => e.type === 'audit_test.tenth')).to.equal(true);
    const other = await readAudit(service, auditor, '&merchant_id=mer_other');
    expect(other.entries).to.have.length(50);
    expect(other.entries.every((e) => e.merchant_id === 'mer_other')).to.equal(true);
    const stream = await readAudit(service, auditor, '&stream=audit_test-7&merchant_id=mer_audit');
    expect(stream.entries.map((e) => e.revision)).to.deep.equal([0, 1, 2, 3]);
    const none = await readAudit(service, auditor, '&type=audit_test.absent');
    expect(none.entries).to.deep.equal([]);
  });

  it('reads the latest events first, backward from the end, page by page to the start', async () => {
    const service = harness.service;
    await appendMany(service, 250, 'mer_audit');
    const oldestFirst = await readAudit(service, auditor, '&merchant_id=mer_audit');
    const newestFirst = await readAudit(
      service,
      auditor,
      '&merchant_id=mer_audit&direction=backward',
    );
    expect(newestFirst.pages).to.equal(3);
    expect(newestFirst.entries.map((e) => e.id)).to.deep.equal(
      oldestFirst.entries.map((e) => e.id).reverse(),
    );
    // The latest page, then on from where it ended, through a filter.
    const tenths = (await readAudit(service, auditor, '&type=audit_test.tenth')).entries
      .map((e) => e.id)
      .reverse();
    expect(tenths).to.have.length(25);
    const latest = await service.api.get(
      '/v1/audit/events?limit=10&direction=backward&type=audit_test.tenth',
      auditor,
    );
    expect(latest.body.data.map((e: Entry) => e.id)).to.deep.equal(tenths.slice(0, 10));
    expect(latest.body).to.deep.include({
      has_more: true,
      next_position: latest.body.data[9].position,
    });
    const older = await readAudit(
      service,
      auditor,
      '&type=audit_test.tenth&direction=backward',
      latest.body.next_position as string,
    );
    expect(older.entries.map((e) => e.id)).to.deep.equal(tenths.slice(10));
    expect((await service.api.get('/v1/audit/events?direction=sideways', auditor)).status).to.equal(
      400,
    );
  });

  it('follows an API call to the events, the delivery and the attempt it caused', async () => {
    const service = harness.service;
    const receiver = await harness.receivers.start();
    const { endpoint } = await endpointWithSecret(service, receiver.url);
    const res = await service.api.post('/v1/events', service.admin, {
      type: 'order.created',
      merchant_id: 'mer_acme',
      data: { order_id: 'o_1' },
    });
    expect(res.status).to.equal(201);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).to.be.a('string');
    await eventually(
      () => readAudit(service, auditor, '&merchant_id=mer_acme'),
      (page) => page.entries.some((e) => e.type === 'delivery.attempted'),
    );
    const { entries } = await readAudit(service, auditor, '&merchant_id=mer_acme');
    const chain = entries.filter((e) => e.metadata.correlation_id === requestId);
    const published = chain.find((e) => e.data.id === res.body.id)!;
    expect(published.metadata).to.include({ request_id: requestId, causation_id: null });
    expect(published.metadata.actor).to.match(/^key_|^admin/);
    // Each later event names its cause: the published event, then the delivery's own events.
    const byId = new Map(chain.map((e) => [e.id, e]));
    const attempt = chain.find((e) => e.type === 'delivery.attempted')!;
    expect(attempt.stream).to.equal(`delivery-${res.body.id}-${endpoint.id}`);
    const planned = chain.find((e) => e.type === 'delivery.planned')!;
    expect(planned.stream).to.equal(attempt.stream);
    // Each caused event names its cause, and every chain leads back to the published event.
    for (const caused of [planned, attempt]) {
      let cause = caused;
      while (cause.metadata.causation_id) {
        cause = byId.get(cause.metadata.causation_id)!;
        expect(cause, 'the cause is in the log').to.not.equal(undefined);
      }
      expect(cause.id).to.equal(published.id);
      expect(caused.metadata.actor).to.match(/^sluice:/);
    }
    // The attempt follows from its delivery's plan.
    expect(attempt.metadata.causation_id).to.equal(planned.id);

    // The correlation is a filter of its own: the same chain, and nothing else.
    const correlated = await readAudit(service, auditor, `&correlation_id=${requestId}`);
    expect(correlated.entries.map((e) => e.id)).to.deep.equal(chain.map((e) => e.id));
  });

  it("ties a replay's attempts to the replay request that caused them", async () => {
    const service = harness.service;
    const receiver = await harness.receivers.start();
    const { endpoint } = await endpointWithSecret(service, receiver.url);
    const since = new Date(Date.now() - 60_000).toISOString();
    const published = await service.api.post('/v1/events', service.admin, {
      type: 'order.created',
      merchant_id: 'mer_acme',
      data: { order_id: 'o_2' },
    });
    expect(published.status).to.equal(201);
    const stream = `delivery-${String(published.body.id)}-${endpoint.id}`;
    const attemptsOf = async () =>
      (await readAudit(service, auditor, `&stream=${stream}`)).entries.filter(
        (e) => e.type === 'delivery.attempted',
      );
    await eventually(attemptsOf, (attempts) => attempts.length === 1);

    const replay = await service.api.post(`/v1/webhooks/${endpoint.id}/replay`, service.admin, {
      since,
      only_failed: false,
    });
    expect(replay.status, replay.text).to.equal(202);
    const replayRequest = replay.headers.get('x-request-id');
    await eventually(attemptsOf, (attempts) => attempts.length === 2);

    const { entries } = await readAudit(service, auditor, `&stream=${stream}`);
    const requeued = entries.find((e) => e.type === 'delivery.requeued')!;
    expect(requeued.metadata).to.include({ correlation_id: replayRequest, causation_id: null });
    const replayed = entries.filter((e) => e.type === 'delivery.attempted')[1]!;
    expect(replayed.data.trigger).to.equal('replay');
    expect(replayed.metadata).to.include({
      actor: 'sluice:dispatcher',
      correlation_id: replayRequest,
      causation_id: requeued.id,
    });
  });

  it('shows that secrets exist without showing them', async () => {
    const service = harness.service;
    const { secret } = await endpointWithSecret(service, 'http://127.0.0.1:9/hook');
    const { entries } = await readAudit(service, auditor, '');
    const text = JSON.stringify(entries);
    expect(text).to.not.include(secret);
    expect(text).to.not.include(auditor);
    const created = entries.find((e) => e.type === 'webhook_endpoint.created')!;
    expect(created.data.secret).to.equal('[redacted]');
    const key = entries.find((e) => e.type === 'api_key.created')!;
    expect(key.data.key_hash).to.equal('[redacted]');
  });

  it('is for admin and auditor keys only, and refuses bad parameters', async () => {
    const service = harness.service;
    const merchant = await createKey(service, 'merchant', 'mer_acme');
    expect((await service.api.get('/v1/audit/events', merchant)).status).to.equal(403);
    expect((await service.api.get('/v1/audit/events')).status).to.equal(401);
    for (const query of [
      'from_position=-1',
      'from_position=abc',
      'limit=0',
      'limit=101',
      'merchant_id=acme',
      'correlation_id=',
      `correlation_id=${'c'.repeat(201)}`,
      'colour=red',
    ]) {
      const res = await service.api.get(`/v1/audit/events?${query}`, auditor);
      expect(res.status, query).to.equal(400);
      expect(res.body.code).to.equal('validation_failed');
    }
    const far = await service.api.get('/v1/audit/events?from_position=99999999', auditor);
    expect(far.body).to.deep.include({ data: [], has_more: false, next_position: '99999999' });
    await publish(service, 'order.created');
  });
});
