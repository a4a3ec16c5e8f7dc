import { expect } from 'chai';
import { createKey } from '../../support/builders.js';
import { doubling } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('process definitions API', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  it('publishes versions as drafts, activates one at a time, and deactivates', async () => {
    const first = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      doubling('defs.a'),
    );
    expect(first.status, first.text).to.equal(201);
    expect(first.body).to.include({
      id: 'defs.a',
      object: 'process_definition_version',
      version: 1,
      status: 'draft',
    });
    const second = await service.api.post('/v1/process-definitions', service.admin, {
      ...doubling('defs.a'),
      name: 'Double v2',
    });
    expect(second.body.version).to.equal(2);

    const one = await service.api.post('/v1/process-definitions/defs.a/activate', service.admin, {
      version: 1,
    });
    expect(one.status, one.text).to.equal(200);
    expect(one.body.active_version).to.equal(1);
    const two = await service.api.post('/v1/process-definitions/defs.a/activate', service.admin, {
      version: 2,
    });
    expect(two.body.active_version).to.equal(2);
    expect(
      two.body.versions.map((v: { version: number; status: string }) => [v.version, v.status]),
    ).to.deep.equal([
      [1, 'inactive'],
      [2, 'active'],
    ]);
    expect(two.body.name).to.equal('Double v2');

    const off = await service.api.post(
      '/v1/process-definitions/defs.a/deactivate',
      service.admin,
      {},
    );
    expect(off.status, off.text).to.equal(200);
    expect(off.body.active_version).to.equal(null);
    expect(off.body.versions.map((v: { status: string }) => v.status)).to.deep.equal([
      'inactive',
      'inactive',
    ]);

    const listed = await service.api.get('/v1/process-definitions', service.admin);
    expect(listed.body.data.map((d: { id: string }) => d.id)).to.include('defs.a');
  });

  it('refuses an invalid definition with the path of every fault, and records nothing', async () => {
    const res = await service.api.post('/v1/process-definitions', service.admin, {
      ...doubling('defs.bad'),
      steps: [
        { id: 'a', type: 'transform', value: 'input.n +' },
        { id: 'a', type: 'teleport' },
        { id: 'b', type: 'transform', value: '1', next: 'nowhere' },
      ],
      input_schema: { type: 'object', properties: { n: { type: 'nonsense' } } },
    });
    expect(res.status, res.text).to.equal(400);
    expect(res.body.code).to.equal('validation_failed');
    const paths = (res.body.errors as Array<{ path: string }>).map((e) => e.path);
    expect(paths).to.include.members([
      'steps.0.value',
      'steps.1.id',
      'steps.1.type',
      'steps.2.next',
      'input_schema',
    ]);
    expect(
      (await service.api.get('/v1/process-definitions/defs.bad', service.admin)).status,
    ).to.equal(404);
  });

  it('answers 404 for an unknown definition or version', async () => {
    expect(
      (await service.api.get('/v1/process-definitions/defs.none', service.admin)).status,
    ).to.equal(404);
    await service.api.post('/v1/process-definitions', service.admin, doubling('defs.c'));
    const res = await service.api.post('/v1/process-definitions/defs.c/activate', service.admin, {
      version: 9,
    });
    expect(res.status, res.text).to.equal(404);
  });

  it('lets only admin keys publish and activate; every role reads', async () => {
    const merchant = await createKey(service, 'merchant', 'mer_acme');
    const auditor = await createKey(service, 'auditor');
    for (const key of [merchant, auditor]) {
      const res = await service.api.post('/v1/process-definitions', key, doubling('defs.d'));
      expect(res.status).to.equal(403);
    }
    await service.api.post('/v1/process-definitions', service.admin, doubling('defs.d'));
    const activate = await service.api.post('/v1/process-definitions/defs.d/activate', merchant, {
      version: 1,
    });
    expect(activate.status).to.equal(403);
    expect((await service.api.get('/v1/process-definitions/defs.d', merchant)).status).to.equal(
      200,
    );
    expect((await service.api.get('/v1/process-definitions/defs.d', auditor)).status).to.equal(200);
  });
});
