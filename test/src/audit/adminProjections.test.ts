import { expect } from 'chai';
import { emptyMetadata } from '../../../domain/shared/envelope.js';
import { EVENTS } from '../../../projections/events.js';
import { allProjections } from '../../../projections/index.js';
import { publishEvent } from '../../../src/events/publishEvent.js';
import { projectorView } from '../../../src/projector/projectorView.js';
import type { Doc } from '../../../projections/projection.js';
import { createKey } from '../../support/builders.js';
import { eventually } from '../../support/delivery.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

/** Every document of every collection of a projection, by collection, in id order. */
const contentsOf = async (service: TestService, name: string) => {
  const projection = allProjections.find((p) => p.name === name)!;
  const contents: Record<string, Doc[]> = {};
  for (const { name: collection } of projection.collections) {
    const docs: Doc[] = [];
    let cursor: string | undefined;
    do {
      const page = await service.services.readStore.find(collection, {
        orderBy: { field: 'id', direction: 'asc' },
        limit: 500,
        ...(cursor && { cursor }),
      });
      docs.push(...page.docs);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    contents[collection] = docs;
  }
  return contents;
};

describe('projections, for operators', () => {
  let service: TestService;
  beforeEach(async () => {
    service = await startTestService();
  });
  afterEach(() => service.stop());

  const publishSome = async (count: number, from = 0) => {
    for (let i = from; i < from + count; i++) {
      const res = await service.api.post('/v1/events', service.admin, {
        type: 'order.created',
        merchant_id: `mer_${i % 3}`,
        data: { n: i },
      });
      expect(res.status).to.equal(201);
    }
  };

  const rebuilt = async (name: string) => {
    const res = await service.api.post(`/v1/admin/projections/${name}/rebuild`, service.admin);
    expect(res.status).to.equal(202);
    expect(res.body).to.include({ object: 'projection', name });
    return eventually(
      async () => (await service.api.get(`/v1/admin/projections/${name}`, service.admin)).body,
      (status) => status.status === 'live' && status.lag === 0,
    );
  };

  it('lists every projection with its checkpoint, lag and status', async () => {
    await publishSome(5);
    const auditor = await createKey(service, 'auditor');
    const res = await service.api.get('/v1/admin/projections', auditor);
    expect(res.status).to.equal(200);
    expect(res.body.data.map((p: { name: string }) => p.name)).to.have.members(
      allProjections.map((p) => p.name),
    );
    const head = await service.services.eventStore.headPosition();
    const events = res.body.data.find((p: { name: string }) => p.name === 'events');
    expect(events).to.deep.include({ checkpoint: head, lag: 0, status: 'live', rebuild: null });
  });

  it('rebuilds under concurrent writes and ends equal to a fresh rebuild', async () => {
    // Enough history that the rebuild reads several pages while the writer goes on.
    const history = [];
    for (let i = 0; i < 6000; i++) {
      history.push(
        publishEvent(
          service.services,
          { type: 'order.created', merchant_id: `mer_${i % 3}`, data: { n: i }, channels: null },
          emptyMetadata(),
        ),
      );
    }
    await Promise.all(history);
    let written = 6000;
    let writing = true;
    const writer = (async () => {
      while (writing) await publishSome(1, written++);
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const startedAt = written;
    const during = await rebuilt('events');
    expect(during.rebuild).to.equal(null);
    writing = false;
    await writer;
    expect(written, 'events were published while the rebuild ran').to.be.above(startedAt);
    // Every event the writer published is readable: the swap lost none of them.
    const listed = await service.services.readStore.find(EVENTS, {
      where: { merchant_id: 'mer_0' },
      orderBy: { field: 'created_at', direction: 'asc' },
      limit: 10_000,
    });
    expect(listed.docs).to.have.length(Math.ceil(written / 3));
    const afterConcurrent = await contentsOf(service, 'events');
    await rebuilt('events');
    expect(await contentsOf(service, 'events')).to.deep.equal(afterConcurrent);
  });

  it('rebuilds every projection equal to the one it replaces', async () => {
    await publishSome(10);
    await createKey(service, 'merchant', 'mer_0');
    await service.api.post('/v1/webhooks', service.admin, {
      url: 'https://hooks.example.com/a',
      merchant_id: 'mer_0',
    });
    for (const { name } of allProjections) {
      const before = await contentsOf(service, name);
      await rebuilt(name);
      expect(await contentsOf(service, name), name).to.deep.equal(before);
    }
  });

  it('answers 404 for an unknown projection, and only admins rebuild', async () => {
    const auditor = await createKey(service, 'auditor');
    const merchant = await createKey(service, 'merchant', 'mer_0');
    const unknown = await service.api.post('/v1/admin/projections/nope/rebuild', service.admin);
    expect(unknown.status).to.equal(404);
    // The answer names the projections there are.
    const names = (await service.api.get('/v1/admin/projections', service.admin)).body.data.map(
      (p: { name: string }) => p.name,
    ) as string[];
    expect(names).to.include('events');
    for (const name of names) expect(unknown.body.detail).to.include(name);
    expect((await service.api.get('/v1/admin/projections/nope', auditor)).status).to.equal(404);
    expect(
      (await service.api.post('/v1/admin/projections/events/rebuild', auditor)).status,
    ).to.equal(403);
    expect(
      (await service.api.post('/v1/admin/projections/events/rebuild', merchant)).status,
    ).to.equal(403);
    expect((await service.api.get('/v1/admin/projections', merchant)).status).to.equal(403);
  });

  it('answers 503 to a rebuild sent to a process without the projector role', async () => {
    // The distributed mode's API-only process: it reads the projectors' checkpoints.
    const live = service.services.projector;
    service.services.projector = projectorView(
      service.services.eventStore,
      service.services.readStore,
      allProjections,
    );
    try {
      const res = await service.api.post('/v1/admin/projections/events/rebuild', service.admin);
      expect(res.status).to.equal(503);
      expect(res.headers.get('content-type')).to.match(/application\/problem\+json/);
      expect(res.body).to.include({ code: 'unavailable' });
    } finally {
      service.services.projector = live;
    }
  });
});
