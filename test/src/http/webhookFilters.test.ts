import { expect } from 'chai';
import { createEndpoint, createKey } from '../../support/builders.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const FILTER = 'data.amount > 100 and data.currency = "EUR"';

describe('endpoint filter and ordering settings', () => {
  let service: TestService;
  let acme: string;
  before(async () => {
    service = await startTestService();
    acme = await createKey(service, 'merchant', 'mer_acme');
  });
  after(() => service.stop());

  it('default to no filter and unordered, are set on create and on update, and are read back', async () => {
    const plain = await service.api.post('/v1/webhooks', acme, { url: 'https://a.test/' });
    expect(plain.status, plain.text).to.equal(201);
    expect(plain.body).to.include({ filter: null, ordering: 'unordered' });

    const created = await service.api.post('/v1/webhooks', acme, {
      url: 'https://a.test/',
      filter: FILTER,
      ordering: 'fifo',
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.include({ filter: FILTER, ordering: 'fifo' });
    const path = `/v1/webhooks/${created.body.id}`;
    expect((await service.api.get(path, acme)).body).to.deep.equal(created.body);

    const updated = await service.api.post(path, acme, {
      filter: 'type = "invoice.issued"',
      ordering: 'unordered',
    });
    expect(updated.status, updated.text).to.equal(200);
    expect(updated.body).to.include({ filter: 'type = "invoice.issued"', ordering: 'unordered' });
    const cleared = await service.api.post(path, acme, { filter: null });
    expect(cleared.body).to.include({ filter: null, ordering: 'unordered' });
    const listed = await service.api.get('/v1/webhooks', acme);
    expect(listed.body.data.find((e: { id: string }) => e.id === created.body.id)).to.deep.equal(
      cleared.body,
    );
  });

  it('refuses a filter that does not compile with 422 invalid_filter and its position, changing nothing', async () => {
    const before = (await service.api.get('/v1/webhooks', acme)).body.data.length;
    const refused = await service.api.post('/v1/webhooks', acme, {
      url: 'https://a.test/',
      filter: 'data.amount >',
    });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.code).to.equal('invalid_filter');
    expect(refused.body.detail).to.include('position 13');
    expect(refused.body.errors).to.deep.equal([
      { path: 'filter', message: 'Unexpected end of expression', position: 13 },
    ]);
    expect((await service.api.get('/v1/webhooks', acme)).body.data).to.have.length(before);

    const endpoint = await createEndpoint(service, { url: 'https://a.test/' }, acme);
    const update = await service.api.post(`/v1/webhooks/${endpoint.id}`, acme, {
      filter: '$match(data.s, /(a)\\1/)',
    });
    expect(update.status, update.text).to.equal(422);
    expect(update.body.code).to.equal('invalid_filter');
    expect(update.body.errors[0].message).to.match(/linear time/);
    expect((await service.api.get(`/v1/webhooks/${endpoint.id}`, acme)).body.filter).to.equal(null);
  });

  it('refuses an empty or over-long filter and an unknown ordering with 400', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ filter: '' }, 'filter'],
      [{ filter: `"${'a'.repeat(4095)}"` }, 'filter'],
      [{ filter: 42 }, 'filter'],
      [{ ordering: 'lifo' }, 'ordering'],
      [{ ordering: null }, 'ordering'],
    ];
    for (const [extra, path] of cases) {
      const res = await service.api.post('/v1/webhooks', acme, {
        url: 'https://a.test/',
        ...extra,
      });
      const what = JSON.stringify(extra).slice(0, 40);
      expect(res.status, what).to.equal(400);
      expect(res.body.code, what).to.equal('validation_failed');
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        what,
      ).to.include(path);
    }
  });
});

describe('POST /v1/webhook-filters/test', () => {
  let service: TestService;
  let acme: string;
  let auditor: string;
  before(async () => {
    service = await startTestService();
    acme = await createKey(service, 'merchant', 'mer_acme');
    auditor = await createKey(service, 'auditor');
  });
  after(() => service.stop());

  const test = (body: unknown, key = acme) =>
    service.api.post('/v1/webhook-filters/test', key, body);
  const order = (data: Record<string, unknown>) => ({ type: 'order.created', data });

  it('answers whether the filter matches the body the event would be delivered with', async () => {
    const cases: Array<[string, Record<string, unknown>, boolean]> = [
      [FILTER, { amount: 150, currency: 'EUR' }, true],
      [FILTER, { amount: 50, currency: 'EUR' }, false],
      [FILTER, { currency: 'EUR' }, false],
      // The body's own fields: its type, its merchant, an id and a time of its own.
      ['type = "order.created" and merchant_id = "mer_acme"', {}, true],
      ['$substring(id, 0, 4) = "evt_" and $exists(created_at)', {}, true],
      // Only exactly true matches: a truthy value does not.
      ['data.amount', { amount: 1 }, false],
      [
        'data.items[price > 10].sku = "b"',
        {
          items: [
            { sku: 'a', price: 5 },
            { sku: 'b', price: 20 },
          ],
        },
        true,
      ],
    ];
    for (const [filter, data, matches] of cases) {
      const res = await test({ filter, event: order(data) });
      expect(res.status, res.text).to.equal(200);
      expect(res.body, `${filter} on ${JSON.stringify(data)}`).to.deep.equal({
        matches,
        error: null,
        warnings: [],
      });
    }
  });

  it('answers an evaluation error as no match, with its message', async () => {
    const res = await test({ filter: 'data.amount + "x" > 1', event: order({ amount: 1 }) });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.matches).to.equal(false);
    expect(res.body.error.message)
      .to.be.a('string')
      .and.match(/number/);
    const runaway = await test({
      filter: '($f := function($n){ $f($n + 1) }; $f(0))',
      event: order({}),
    });
    expect(runaway.status, runaway.text).to.equal(200);
    expect(runaway.body).to.deep.equal({
      matches: false,
      error: { message: 'the expression ran over 100 ms' },
      warnings: [],
    });
  });

  it('refuses a filter that does not compile with 422 invalid_filter and its position', async () => {
    const res = await test({ filter: 'type = "order', event: order({}) });
    expect(res.status, res.text).to.equal(422);
    expect(res.body.code).to.equal('invalid_filter');
    expect(res.body.errors).to.have.length(1);
    expect(res.body.errors[0]).to.include({ path: 'filter', position: 13 });
  });

  it('scopes the event to a merchant: implied for a merchant key, 403 for another, required of an admin', async () => {
    const own = await test({
      filter: 'merchant_id = "mer_acme"',
      event: { ...order({}), merchant_id: 'mer_acme' },
    });
    expect(own.body).to.deep.equal({ matches: true, error: null, warnings: [] });
    const other = await test({
      filter: 'true',
      event: { ...order({}), merchant_id: 'mer_globex' },
    });
    expect(other.status, other.text).to.equal(403);
    expect(other.body.code).to.equal('forbidden');

    const admin = await test(
      { filter: 'merchant_id = "mer_globex"', event: { ...order({}), merchant_id: 'mer_globex' } },
      service.admin,
    );
    expect(admin.body).to.deep.equal({ matches: true, error: null, warnings: [] });
    const unnamed = await test({ filter: 'true', event: order({}) }, service.admin);
    expect(unnamed.status, unnamed.text).to.equal(400);
    expect(unnamed.body.errors[0].path).to.equal('event.merchant_id');

    const refused = await test({ filter: 'true', event: order({}) }, auditor);
    expect(refused.status).to.equal(403);
  });

  it('refuses a malformed request with 400 and the path of each fault', async () => {
    const cases: Array<[unknown, string]> = [
      [{ event: order({}) }, 'filter'],
      [{ filter: 'true' }, 'event'],
      [{ filter: 'true', event: { data: {} } }, 'event.type'],
      [{ filter: 'true', event: { type: 'order.created', data: [] } }, 'event.data'],
      [{ filter: 'true', event: { ...order({}), channels: ['no spaces'] } }, 'event.channels.0'],
      [{ filter: 'true', event: { ...order({}), colour: 'red' } }, 'event.colour'],
      [{ filter: 'true', event: order({}), merchant_id: 'mer_acme' }, 'merchant_id'],
      [{ filter: 'x'.repeat(4097), event: order({}) }, 'filter'],
    ];
    for (const [body, path] of cases) {
      const res = await test(body);
      const what = JSON.stringify(body).slice(0, 60);
      expect(res.status, `${what}: ${res.text}`).to.equal(400);
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        what,
      ).to.include(path);
    }
  });
});
