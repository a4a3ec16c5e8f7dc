import { expect } from 'chai';
import { EVENT_CATALOG } from '../../../domain/catalog/eventCatalog.js';
import { createKey } from '../../support/builders.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const shipmentSchema = {
  type: 'object',
  required: ['shipment_id', 'carrier'],
  properties: {
    shipment_id: { type: 'string', pattern: '^shp_[a-z0-9]+$' },
    carrier: { enum: ['dhl', 'ups'] },
    weight_g: { type: 'integer', minimum: 1 },
  },
};
const shipment = { shipment_id: 'shp_4k2j9d', carrier: 'dhl', weight_g: 1200 };

const pathsOf = (body: { errors?: Array<{ path: string }> }) =>
  (body.errors ?? []).map((e) => e.path);

/** Every answer below is also checked against the OpenAPI document by the API client. */
describe('event types: the catalog with schemas (PRODUCT.md 12)', () => {
  let service: TestService;
  beforeEach(async () => {
    service = await startTestService();
  });
  afterEach(() => service.stop());

  const register = (body: Record<string, unknown>, key = service.admin) =>
    service.api.post('/v1/event-types', key, body);
  const change = (name: string, body: Record<string, unknown>, key = service.admin) =>
    service.api.post(`/v1/event-types/${name}`, key, body);
  const publish = (type: string, data: Record<string, unknown>) =>
    service.api.post('/v1/events', service.admin, { type, merchant_id: 'mer_acme', data });
  const registerShipment = async () => {
    const res = await register({
      name: 'shipment.dispatched',
      description: 'A shipment left the warehouse.',
      family: 'logistics',
      schema: shipmentSchema,
      examples: [shipment],
    });
    expect(res.status, res.text).to.equal(201);
    return res;
  };

  it('serves each built-in type with its schema, examples, version and deprecation, to every key', async () => {
    const merchant = await createKey(service, 'merchant', 'mer_acme');
    const auditor = await createKey(service, 'auditor');
    const list = await service.api.get('/v1/event-types', merchant);
    expect(list.body.data.map((t: { name: string }) => t.name)).to.deep.equal(
      EVENT_CATALOG.map((entry) => entry.name),
    );
    for (const name of ['order.created', 'webhook_endpoint.disabled', 'message.attempt.failing']) {
      const one = await service.api.get(`/v1/event-types/${name}`, auditor);
      expect(one.status).to.equal(200);
      expect(one.body).to.deep.equal(list.body.data.find((t: { name: string }) => t.name === name));
      expect(one.body).to.include({ object: 'event_type', name, deliverable: true, version: 1 });
      expect(one.body).to.include({ deprecated: false, updated_at: null });
      expect(one.body.schema).to.deep.equal({ type: 'object' });
      expect(one.body.examples).to.have.length.at.least(1);
    }
    const unknown = await service.api.get('/v1/event-types/shipment.dispatched', merchant);
    expect([unknown.status, unknown.body.code]).to.deep.equal([404, 'not_found']);
  });

  it('registers a platform type (admin, 201), listed after the built-in ones and in the audit log', async () => {
    const res = await registerShipment();
    expect(res.headers.get('location')).to.equal('/v1/event-types/shipment.dispatched');
    const { updated_at, ...entry } = res.body;
    expect(entry).to.deep.equal({
      object: 'event_type',
      name: 'shipment.dispatched',
      family: 'logistics',
      description: 'A shipment left the warehouse.',
      deliverable: true,
      schema: shipmentSchema,
      examples: [shipment],
      version: 1,
      deprecated: false,
    });
    expect(Date.parse(updated_at)).to.be.closeTo(Date.now(), 60_000);
    expect(
      (await service.api.get('/v1/event-types/shipment.dispatched', service.admin)).body,
    ).to.deep.equal(res.body);
    const list = await service.api.get('/v1/event-types', service.admin);
    expect(list.body.data.at(-1)).to.deep.equal(res.body);
    expect(list.body.data).to.have.length(EVENT_CATALOG.length + 1);
    const minimal = await register({ name: 'ledger.closed', description: 'A ledger closed.' });
    expect(minimal.status).to.equal(201);
    expect(minimal.body).to.include({ family: 'platform', deliverable: true });
    expect(minimal.body.schema).to.deep.equal({ type: 'object' });
    expect(minimal.body.examples).to.deep.equal([{}]);

    const audit = await service.api.get(
      '/v1/audit/events?type=event_type.registered',
      service.admin,
    );
    expect(audit.body.data.map((e: { data: { name: string } }) => e.data.name)).to.deep.equal([
      'shipment.dispatched',
      'ledger.closed',
    ]);
    expect(audit.body.data[0].stream).to.equal('event_types');
    expect(audit.body.data[0].metadata.actor).to.be.a('string');
  });

  it('refuses taken names (409), bad names (400), bad schemas and examples (422), and other keys (403), keeping nothing', async () => {
    await registerShipment();
    const head = await service.services.eventStore.headPosition();
    const description = 'Something happened.';
    for (const name of ['shipment.dispatched', 'order.created', 'process.instance.created']) {
      const res = await register({ name, description });
      expect([res.status, res.body.code], name).to.deep.equal([409, 'conflict']);
    }
    for (const name of ['shipment', 'Shipment.x', 'extension.a.b', 'process.custom', 'message.x']) {
      const res = await register({ name, description });
      expect([res.status, res.body.code, pathsOf(res.body)], name).to.deep.equal([
        400,
        'validation_failed',
        ['name'],
      ]);
    }
    const shapes = await register({ name: 'a.b', description, schema: [], colour: 'red' });
    expect(shapes.status).to.equal(400);
    expect(pathsOf(shapes.body)).to.have.members(['schema', 'colour']);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [
        { schema: { type: 'object', properties: { a: { pattern: '(x+)+\\1' } } } },
        ['schema.properties.a.pattern'],
      ],
      [{ schema: { type: 'objekt' } }, ['schema']],
      [
        { schema: shipmentSchema, examples: [{ ...shipment, carrier: 'fedex' }] },
        ['examples.0.carrier'],
      ],
      [{ schema: shipmentSchema }, ['examples']],
    ];
    for (const [body, paths] of cases) {
      const res = await register({ name: 'parcel.lost', description, ...body });
      expect([res.status, res.body.code, pathsOf(res.body)], JSON.stringify(body)).to.deep.equal([
        422,
        'invalid_schema',
        paths,
      ]);
    }
    expect(await service.services.eventStore.headPosition()).to.equal(head);
    const merchant = await createKey(service, 'merchant', 'mer_acme');
    const auditor = await createKey(service, 'auditor');
    const keysHead = await service.services.eventStore.headPosition();
    for (const key of [merchant, auditor]) {
      expect((await register({ name: 'parcel.lost', description }, key)).status).to.equal(403);
      expect((await change('order.created', { deprecated: true }, key)).status).to.equal(403);
    }
    expect(await service.services.eventStore.headPosition()).to.equal(keysHead);
    expect((await service.api.get('/v1/event-types/parcel.lost', service.admin)).status).to.equal(
      404,
    );
  });

  it('validates published data against the type’s schema: 422 event_data_invalid, nothing recorded', async () => {
    await registerShipment();
    const bad = await publish('shipment.dispatched', { shipment_id: 'box-1', weight_g: 0 });
    expect([bad.status, bad.body.code]).to.deep.equal([422, 'event_data_invalid']);
    expect(pathsOf(bad.body)).to.have.members([
      'data.shipment_id',
      'data.carrier',
      'data.weight_g',
    ]);
    const good = await publish('shipment.dispatched', shipment);
    expect(good.status, good.text).to.equal(201);
    const unknown = await publish('parcel.lost', {});
    expect([unknown.status, unknown.body.code]).to.deep.equal([422, 'unknown_event_type']);
    // Built-in types ship open, and extension types take any object.
    expect((await publish('order.created', { anything: [1, 2] })).status).to.equal(201);
    expect((await publish('extension.sync.started', { x: 1 })).status).to.equal(201);
    const events = await service.api.get('/v1/events?limit=100', service.admin);
    expect(events.body.data.map((e: { type: string }) => e.type)).to.deep.equal([
      'extension.sync.started',
      'order.created',
      'shipment.dispatched',
    ]);
    expect(events.body.data[2].data).to.deep.equal(shipment);
  });

  it('updates built-in and registered types; a new schema adds a version and is enforced at once', async () => {
    await registerShipment();
    const loose = await change('shipment.dispatched', { description: 'Left the warehouse.' });
    expect(loose.status).to.equal(200);
    expect(loose.body).to.include({ description: 'Left the warehouse.', version: 1 });
    const orderSchema = {
      type: 'object',
      required: ['order_id'],
      properties: { order_id: { type: 'string' } },
    };
    const order = await change('order.created', {
      schema: orderSchema,
      examples: [{ order_id: 'ord_7f3k9q', amount_total: 12990 }],
    });
    expect(order.status, order.text).to.equal(200);
    expect(order.body).to.include({ name: 'order.created', version: 2, family: 'commerce' });
    expect(order.body.updated_at).to.be.a('string');
    expect(
      (await service.api.get('/v1/event-types/order.created', service.admin)).body,
    ).to.deep.equal(order.body);
    const refused = await publish('order.created', { amount_total: 1 });
    expect([refused.status, pathsOf(refused.body)]).to.deep.equal([422, ['data.order_id']]);
    expect((await publish('order.created', { order_id: 'ord_1' })).status).to.equal(201);

    // The same schema again is no new version; a deprecation is no new version either.
    const same = await change('order.created', { schema: orderSchema, deprecated: true });
    expect(same.body).to.include({ version: 2, deprecated: true });
    expect((await publish('order.created', { order_id: 'ord_2' })).status).to.equal(201);

    const mismatch = await change('shipment.dispatched', {
      schema: { type: 'object', required: ['tracking_url'] },
    });
    expect([mismatch.status, mismatch.body.code, pathsOf(mismatch.body)]).to.deep.equal([
      422,
      'invalid_schema',
      ['examples.0.tracking_url'],
    ]);
    expect((await change('parcel.lost', { deprecated: true })).status).to.equal(404);
    expect((await change('order.created', { version: 3 })).status).to.equal(400);
    const updates = await service.api.get(
      '/v1/audit/events?type=event_type.updated',
      service.admin,
    );
    expect(
      updates.body.data.map((e: { data: { name: string; version: number } }) => [
        e.data.name,
        e.data.version,
      ]),
    ).to.deep.equal([
      ['shipment.dispatched', 1],
      ['order.created', 2],
      ['order.created', 2],
    ]);
  });

  it('replays a registration sent again with its Idempotency-Key', async () => {
    const body = { name: 'ledger.closed', description: 'A ledger closed.' };
    const headers = { 'idempotency-key': 'register-ledger-closed' };
    const first = await service.api.post('/v1/event-types', service.admin, body, headers);
    const again = await service.api.post('/v1/event-types', service.admin, body, headers);
    expect([first.status, again.status]).to.deep.equal([201, 201]);
    expect(again.body).to.deep.equal(first.body);
    expect((await register(body)).status).to.equal(409);
  });
});
