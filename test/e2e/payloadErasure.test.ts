import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import { markersAtRest } from '../support/payloadScan.js';
import { tempDir } from '../support/tempDir.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const ERASED = 'mer_erased';
const OTHER = 'mer_other';
const hex = () => randomBytes(10).toString('hex');

describe('payloads sealed per merchant, and a merchant erased (crypto-shredding)', function () {
  this.timeout(60_000);
  const folder = tempDir();
  let service: TestService;
  let receiver: TestReceiver;
  /** In the events' data, and in the receiver's answers: nothing at rest may hold them in clear. */
  const dataMarker = `card_${hex()}`;
  const answerMarker = `receipt_${hex()}`;
  const otherMarker = `other_${hex()}`;

  const start = () => startTestService({}, { dataDir: folder.path });
  before(async () => {
    receiver = await startTestReceiver(() => ({ status: 200, body: `ok ${answerMarker}` }));
    service = await start();
  });
  after(async () => {
    await service.close();
    await receiver.close();
    folder.remove();
  });

  const endpointFor = async (merchant: string) => {
    const created = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: merchant,
      url: receiver.url,
      filter_types: ['order.created'],
    });
    expect(created.status, created.text).to.equal(201);
    const secret = await service.api.get(`/v1/webhooks/${created.body.id}/secret`, service.admin);
    return { id: created.body.id as string, secret: secret.body.key as string };
  };
  const publish = async (merchant: string, data: Record<string, unknown>, key?: string) => {
    const published = await service.api.post(
      '/v1/events',
      service.admin,
      { type: 'order.created', merchant_id: merchant, data },
      key ? { 'idempotency-key': key } : {},
    );
    expect(published.status, published.text).to.be.oneOf([200, 201]);
    return published;
  };
  const attemptsOf = async (endpointId: string) =>
    (await service.api.get(`/v1/webhooks/${endpointId}/attempts?limit=100`, service.admin)).body
      .data as Array<{ event_id: string; response_body: string | null }>;
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await check()).to.equal(true);
  };

  let erasedEndpoint: { id: string; secret: string };
  let otherEndpoint: { id: string; secret: string };
  let erasedEventId: string;
  const idempotencyKey = `idem-${hex()}`;
  let otherEventId: string;

  it('delivers and serves payloads in clear, while no file or dump holds them in clear', async () => {
    erasedEndpoint = await endpointFor(ERASED);
    otherEndpoint = await endpointFor(OTHER);
    const first = await publish(ERASED, { card: dataMarker, total: 42 }, idempotencyKey);
    erasedEventId = first.body.id as string;
    otherEventId = (await publish(OTHER, { note: otherMarker })).body.id as string;

    const deliveries = await receiver.waitFor(2);
    const toErased = deliveries.find((d) => d.raw.includes(dataMarker))!;
    expect(verifies(toErased, erasedEndpoint.secret)).to.equal(true);
    expect(toErased.body.data).to.deep.equal({ card: dataMarker, total: 42 });

    const read = await service.api.get(`/v1/events/${erasedEventId}`, service.admin);
    expect(read.body.data).to.deep.equal({ card: dataMarker, total: 42 });
    await until(async () => (await attemptsOf(erasedEndpoint.id)).length === 1);
    expect((await attemptsOf(erasedEndpoint.id))[0]!.response_body).to.equal(`ok ${answerMarker}`);
    const audit = await service.api.get(
      `/v1/audit/events?stream=event-${erasedEventId}`,
      service.admin,
    );
    expect(JSON.stringify(audit.body)).to.contain(dataMarker);

    expect(markersAtRest(service.dataDir, [dataMarker, answerMarker, otherMarker])).to.deep.equal(
      [],
    );
  });

  it('after an erasure, reads say erased, resend and replay answer 409, the audit log keeps the history', async () => {
    const erased = await service.api.post(`/v1/merchants/${ERASED}/erase`, service.admin, {
      reason: 'GDPR request 1234',
    });
    expect(erased.status, erased.text).to.equal(202);
    expect(Date.parse(erased.body.erased_at)).to.be.greaterThan(0);

    const read = await service.api.get(`/v1/events/${erasedEventId}`, service.admin);
    expect(read.body).to.include({ id: erasedEventId, type: 'order.created', erased: true });
    expect(read.body.data).to.equal(null);
    const listed = await service.api.get(`/v1/events?merchant_id=${ERASED}`, service.admin);
    expect(listed.body.data[0]).to.include({ id: erasedEventId, data: null, erased: true });
    expect((await attemptsOf(erasedEndpoint.id))[0]!.response_body).to.equal(null);

    const resend = await service.api.post(
      `/v1/webhooks/${erasedEndpoint.id}/messages/${erasedEventId}/resend`,
      service.admin,
      {},
    );
    expect(resend.status, resend.text).to.equal(409);
    expect(resend.body.code).to.equal('data_erased');
    const replay = await service.api.post(
      `/v1/webhooks/${erasedEndpoint.id}/replay`,
      service.admin,
      {
        since: new Date(Date.now() - 3_600_000).toISOString(),
        only_failed: false,
      },
    );
    expect(replay.status, replay.text).to.equal(409);
    expect(replay.body.code).to.equal('data_erased');

    // The answer kept for the publication's Idempotency-Key repeated its data: erased with it.
    const repeated = await service.api.post(
      '/v1/events',
      service.admin,
      { type: 'order.created', merchant_id: ERASED, data: { card: dataMarker, total: 42 } },
      { 'idempotency-key': idempotencyKey },
    );
    expect(repeated.status, repeated.text).to.equal(409);
    expect(repeated.body.code).to.equal('data_erased');
    const audit = await service.api.get(
      `/v1/audit/events?merchant_id=${ERASED}&limit=100`,
      service.admin,
    );
    const types = (audit.body.data as Array<{ type: string }>).map((e) => e.type);
    expect(types).to.include.members(['order.created', 'merchant.data_erased']);
    expect(JSON.stringify(audit.body)).to.not.contain(dataMarker);
    const erasures = await service.api.get('/v1/admin/erasures', service.admin);
    expect(erasures.body.data[0]).to.include({ merchant_id: ERASED, reason: 'GDPR request 1234' });

    // Another merchant's data is untouched.
    const other = await service.api.get(`/v1/events/${otherEventId}`, service.admin);
    expect(other.body.data).to.deep.equal({ note: otherMarker });
    expect((await attemptsOf(otherEndpoint.id))[0]!.response_body).to.equal(`ok ${answerMarker}`);
  });

  it('accepts and delivers the merchant’s new events under a new key', async () => {
    const before = receiver.received.length;
    const fresh = `fresh_${hex()}`;
    const published = await publish(ERASED, { note: fresh });
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(delivery!.body.data).to.deep.equal({ note: fresh });
    expect(verifies(delivery!, erasedEndpoint.secret)).to.equal(true);
    const read = await service.api.get(`/v1/events/${published.body.id}`, service.admin);
    expect(read.body.data).to.deep.equal({ note: fresh });
    expect(read.body).to.not.have.property('erased');
  });

  it('stays erased through a rebuild and a restart, with nothing in clear at rest', async () => {
    for (const name of ['events', 'deliveries']) {
      const rebuilt = await service.api.post(
        `/v1/admin/projections/${name}/rebuild`,
        service.admin,
        {},
      );
      expect(rebuilt.status, rebuilt.text).to.equal(202);
      await until(
        async () =>
          (await service.api.get(`/v1/admin/projections/${name}`, service.admin)).body.status ===
          'live',
      );
    }
    await service.close();
    service = await start();
    const read = await service.api.get(`/v1/events/${erasedEventId}`, service.admin);
    expect(read.body).to.include({ data: null, erased: true });
    const other = await service.api.get(`/v1/events/${otherEventId}`, service.admin);
    expect(other.body.data).to.deep.equal({ note: otherMarker });
    expect(markersAtRest(service.dataDir, [dataMarker, answerMarker, otherMarker])).to.deep.equal(
      [],
    );
  });
});
