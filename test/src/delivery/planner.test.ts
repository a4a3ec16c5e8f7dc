import { expect } from 'chai';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { endpointReceives } from '../../../domain/webhooks/matching.js';
import type { PlannedEvent } from '../../../src/delivery/planner.js';
import { merchantEndpoints, receivingEndpoints } from '../../../src/delivery/planner.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const MERCHANT = 'mer_routes';

/** The real read store, counting the documents it hands out. */
const counting = (readStore: ReadStore) => {
  let docs = 0;
  const store: ReadStore = {
    ...readStore,
    get: async (collection, id) => {
      const doc = await readStore.get(collection, id);
      if (doc) docs++;
      return doc;
    },
    find: async (collection, query) => {
      const page = await readStore.find(collection, query);
      docs += page.docs.length;
      return page;
    },
  };
  return { store, read: () => docs };
};

const ids = (endpoints: ReadonlyArray<{ id: string }>) => endpoints.map((e) => e.id).sort();

describe('the planner: which endpoints receive an event', () => {
  let service: TestService;
  beforeEach(async () => {
    service = await startTestService({ SLUICE_MAX_ENDPOINTS_PER_MERCHANT: '1000' });
  });
  afterEach(() => service.stop());

  const create = async (settings: Record<string, unknown>): Promise<string> => {
    const res = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: MERCHANT,
      url: 'https://hooks.routes.test/in',
      ...settings,
    });
    expect(res.status).to.equal(201);
    return res.body.id as string;
  };
  const update = async (id: string, changes: Record<string, unknown>) => {
    expect((await service.api.post(`/v1/webhooks/${id}`, service.admin, changes)).status).to.equal(
      200,
    );
  };

  it('finds exactly the endpoints that receive it, through creates, updates and deletes', async () => {
    const all = await create({});
    const orders = await create({ filter_types: ['order.created'] });
    const red = await create({ channels: ['red'] });
    const redBlue = await create({ channels: ['red', 'blue'] });
    const movedToGreen = await create({ channels: ['red'] });
    await update(movedToGreen, { channels: ['green'] });
    const unchannelled = await create({ channels: ['blue'] });
    await update(unchannelled, { channels: null });
    const disabled = await create({ channels: ['red'] });
    await update(disabled, { disabled: true });
    const reenabled = await create({ disabled: true });
    await update(reenabled, { disabled: false });
    const deleted = await create({});
    expect((await service.api.delete(`/v1/webhooks/${deleted}`, service.admin)).status).to.equal(
      204,
    );
    await create({ merchant_id: 'mer_other' });

    const everyEndpoint = await merchantEndpoints(service.services, MERCHANT);
    const events: PlannedEvent[] = ['order.created', 'invoice.sent'].flatMap((type) =>
      [null, ['red'], ['blue'], ['green'], ['red', 'green'], ['grey']].map((channels) => ({
        merchant_id: MERCHANT,
        type,
        channels,
      })),
    );
    for (const event of events) {
      const expected = everyEndpoint.filter((endpoint) => endpointReceives(endpoint, event));
      expect(
        ids(await receivingEndpoints(service.services, event)),
        JSON.stringify(event),
      ).to.deep.equal(ids(expected));
    }
    expect(
      ids(await receivingEndpoints(service.services, { ...events[0]!, channels: ['red'] })),
    ).to.deep.equal([all, orders, red, redBlue, reenabled, unchannelled].sort());
  });

  it('reads the endpoints that may receive the event, not every endpoint of its merchant', async () => {
    for (let i = 0; i < 200; i++) await create({ channels: [`tenant_${i}`] });
    const readStore = counting(service.services.readStore);
    const found = await receivingEndpoints(
      { readStore: readStore.store },
      { merchant_id: MERCHANT, type: 'order.created', channels: ['tenant_7'] },
    );
    expect(found).to.have.length(1);
    // One route entry and one endpoint read, give or take: far from the merchant's 200 endpoints.
    expect(readStore.read()).to.be.at.most(4);
  });
});
