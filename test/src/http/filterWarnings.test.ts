import { expect } from 'chai';
import { createKey } from '../../support/builders.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const parcelSchema = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

describe('warnings of a filter that reads fields a subscribed type lacks (API)', function () {
  this.timeout(30_000);
  let service: TestService;
  let acme: string;
  before(async () => {
    service = await startTestService();
    acme = await createKey(service, 'merchant', 'mer_acme');
    const types = [
      ['shop.parcel.shipped', { parcel_id: { type: 'string' }, carrier: { type: 'string' } }],
      ['shop.parcel.returned', { parcel_id: { type: 'string' }, reason: { type: 'string' } }],
    ] as const;
    for (const [name, properties] of types) {
      const example = Object.fromEntries(Object.keys(properties).map((key) => [key, 'x']));
      const made = await service.api.post('/v1/event-types', service.admin, {
        name,
        description: name,
        schema: parcelSchema(properties),
        examples: [example],
      });
      expect(made.status, made.text).to.equal(201);
    }
  });
  after(() => service.stop());

  const returnedLacksCarrier = {
    type: 'shop.parcel.returned',
    path: 'data.carrier',
    message:
      'shop.parcel.returned has no data.carrier in its schema (version 1): for these events the filter reads it as missing.',
  };

  it('checks a filter against the schemas of the types an endpoint lists', async () => {
    const check = (filter: string, filterTypes: string[]) =>
      service.api.post('/v1/webhook-filters/check', acme, { filter, filter_types: filterTypes });
    const both = ['shop.parcel.shipped', 'shop.parcel.returned'];
    const warned = await check('data.carrier = "DHL"', both);
    expect(warned.status, warned.text).to.equal(200);
    expect(warned.body).to.deep.equal({ warnings: [returnedLacksCarrier] });

    const fine = await check('data.parcel_id = "par_1"', both);
    expect(fine.body).to.deep.equal({ warnings: [] });
    // A type with nothing declared (order.created), or not in the catalog, says nothing.
    const open = await check('data.carrier = "DHL"', ['order.created', 'shop.no_such_type']);
    expect(open.body).to.deep.equal({ warnings: [] });
  });

  it('warns in the filter tester’s answer for the event’s type', async () => {
    const tested = await service.api.post('/v1/webhook-filters/test', acme, {
      filter: 'data.carrier = "DHL"',
      event: { type: 'shop.parcel.returned', data: { parcel_id: 'par_1', reason: 'damaged' } },
    });
    expect(tested.status, tested.text).to.equal(200);
    expect(tested.body).to.deep.equal({
      matches: false,
      error: null,
      warnings: [returnedLacksCarrier],
    });
  });

  it('refuses a filter that does not compile with 422, and a bad list of types with 400', async () => {
    const broken = await service.api.post('/v1/webhook-filters/check', acme, {
      filter: 'data.carrier =',
      filter_types: ['shop.parcel.shipped'],
    });
    expect(broken.status, broken.text).to.equal(422);
    expect(broken.body.code).to.equal('invalid_filter');
    for (const filterTypes of [
      [],
      Array.from({ length: 101 }, () => 'order.created'),
      [42],
      null,
    ]) {
      const bad = await service.api.post('/v1/webhook-filters/check', acme, {
        filter: 'data.carrier = "DHL"',
        filter_types: filterTypes,
      });
      expect(bad.status, bad.text).to.equal(400);
      expect(bad.body.code).to.equal('validation_failed');
    }
  });
});
