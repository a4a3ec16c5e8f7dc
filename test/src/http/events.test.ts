import { expect } from 'chai';
import { EVENT_CATALOG } from '../../../domain/catalog/eventCatalog.js';
import { createKey } from '../../support/builders.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('event catalog and business events', () => {
  let service: TestService;
  beforeEach(async () => {
    service = await startTestService();
  });
  afterEach(() => service.stop());

  const publish = (body: Record<string, unknown>, key = service.admin) =>
    service.api.post('/v1/events', key, body);

  it('serves the catalog: every SPEC type, the process events, webhook.test and webhook_endpoint.disabled', async () => {
    // Data over max_payload_bytes is too large, not malformed.
    const big = await publish({
      type: 'order.created',
      merchant_id: 'mer_acme',
      data: { blob: 'x'.repeat(262_144) },
    });
    expect(big.status).to.equal(413);
    expect(big.body.code).to.equal('payload_too_large');
    expect(big.body.errors[0].path).to.equal('data');
    const merchant = await createKey(service, 'merchant', 'mer_acme');
    const res = await service.api.get('/v1/event-types', merchant);
    expect(res.status).to.equal(200);
    const names = res.body.data.map((e: { name: string }) => e.name);
    for (const name of [
      'company.created',
      'contact_role.certified',
      'onboarding_case.rejected',
      'compliance_check.review_required',
      'order.confirmed',
      'checkout_session.completed',
      'invoice.cancelled',
      'psp_payment.succeeded',
      'payment_allocation.complete',
      'process.instance.replayed',
      'process.user_action.requested',
      'process.user_action.completed',
      'approval_request.created',
      'approval_request.resolved',
      'process.instance.created',
      'process.instance.completed',
      'process.instance.failed',
      'process.instance.cancelled',
      'webhook.test',
      'webhook_endpoint.disabled',
    ]) {
      expect(names, name).to.include(name);
    }
    expect(res.body.data).to.have.length(EVENT_CATALOG.length);
    expect(res.body.data[0]).to.have.keys(
      'object',
      'name',
      'family',
      'description',
      'deliverable',
      'schema',
      'examples',
      'version',
      'deprecated',
      'updated_at',
    );
    expect(names.some((n: string) => n.startsWith('extension.'))).to.equal(false);
  });

  it('publishes an event (201), answers 200 with the same event for the same id, 409 for other content', async () => {
    const body = {
      id: 'evt_order_1',
      type: 'order.created',
      merchant_id: 'mer_acme',
      data: { order_id: 'o_1', amount: 10 },
      channels: ['eu'],
    };
    const first = await publish(body);
    expect(first.status).to.equal(201);
    expect(first.body).to.include({
      id: 'evt_order_1',
      object: 'event',
      type: 'order.created',
      merchant_id: 'mer_acme',
    });
    expect(first.body.data).to.deep.equal(body.data);
    const again = await publish(body);
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal(first.body);
    const other = await publish({ ...body, data: { order_id: 'o_2' } });
    expect(other.status).to.equal(409);
    const read = await service.api.get('/v1/events/evt_order_1', service.admin);
    expect(read.body).to.deep.equal(first.body);
  });

  it('generates an id when none is given, and records extension events', async () => {
    const res = await publish({
      type: 'extension.sync.started',
      merchant_id: 'mer_acme',
      data: {},
    });
    expect(res.status).to.equal(201);
    expect(res.body.id).to.match(/^evt_[0-9A-Z]{26}$/);
    expect(res.body.channels).to.equal(null);
  });

  it('refuses unknown types (422), bad shapes (400), oversized data, and non-admin keys (403), keeping nothing', async () => {
    const unknown = await publish({ type: 'order.exploded', merchant_id: 'mer_acme', data: {} });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.code).to.equal('unknown_event_type');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'order.created', data: {} }, 'merchant_id'],
      [{ type: 'order.created', merchant_id: 'mer_acme', data: [] }, 'data'],
      [{ type: 'order.created', merchant_id: 'mer_acme', data: {}, id: 'order-1' }, 'id'],
      [
        { type: 'order.created', merchant_id: 'mer_acme', data: {}, channels: ['a b'] },
        'channels.0',
      ],
      [{ type: 'order.created', merchant_id: 'mer_acme', data: {}, colour: 'red' }, 'colour'],
    ];
    for (const [body, path] of cases) {
      const res = await publish(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).to.equal(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).to.include(path);
    }
    const merchant = await createKey(service, 'merchant', 'mer_acme');
    expect(
      (await publish({ type: 'order.created', merchant_id: 'mer_acme', data: {} }, merchant))
        .status,
    ).to.equal(403);
    expect((await service.api.get('/v1/events', service.admin)).body.data).to.deep.equal([]);
  });

  it('lists events newest first, filtered by type, merchant-scoped for merchant keys', async () => {
    for (const [i, merchant] of ['mer_acme', 'mer_globex', 'mer_acme'].entries()) {
      await publish({
        id: `evt_${i}`,
        type: i === 2 ? 'invoice.sent' : 'order.created',
        merchant_id: merchant,
        data: { i },
      });
    }
    const acme = await createKey(service, 'merchant', 'mer_acme');
    const own = await service.api.get('/v1/events', acme);
    expect(own.body.data.map((e: { id: string }) => e.id)).to.deep.equal(['evt_2', 'evt_0']);
    const typed = await service.api.get('/v1/events?type=order.created', service.admin);
    expect(typed.body.data.map((e: { id: string }) => e.id)).to.deep.equal(['evt_1', 'evt_0']);
    expect((await service.api.get('/v1/events?merchant_id=mer_globex', acme)).status).to.equal(403);
    expect((await service.api.get('/v1/events/evt_1', acme)).status).to.equal(404);
    expect((await service.api.get('/v1/events/evt_0', acme)).status).to.equal(200);
    expect((await service.api.get('/v1/events/nope', acme)).status).to.equal(404);
  });
});
