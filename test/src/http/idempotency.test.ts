import { expect } from 'chai';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('Idempotency-Key on create routes', () => {
  let service: TestService;
  beforeEach(async () => {
    service = await startTestService();
  });
  afterEach(() => service.stop());

  const create = (body: unknown, key: string) =>
    service.api.post('/v1/api-keys', service.admin, body, { 'Idempotency-Key': key });

  it('replays the first answer to the same request, creating nothing twice', async () => {
    const body = { role: 'merchant', merchant_id: 'mer_acme', name: 'pos' };
    const first = await create(body, 'create-pos-1');
    const again = await create(
      { name: 'pos', merchant_id: 'mer_acme', role: 'merchant' },
      'create-pos-1',
    );
    expect(first.status).to.equal(201);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body).to.deep.equal({ ...first.body, key: null });
    const list = await service.api.get('/v1/api-keys', service.admin);
    expect(list.body.data).to.have.length(1);
  });

  it('refuses the same key with another body (422)', async () => {
    await create({ role: 'auditor' }, 'k-1');
    const reused = await create({ role: 'auditor', name: 'other' }, 'k-1');
    expect(reused.status).to.equal(422);
    expect(reused.body.code).to.equal('idempotency_key_reused');
    expect((await service.api.get('/v1/api-keys', service.admin)).body.data).to.have.length(1);
  });

  it('keeps nothing for a refused request: a corrected retry with the same key runs', async () => {
    const refused = await create({ role: 'merchant' }, 'k-2');
    expect(refused.status).to.equal(400);
    const fixed = await create({ role: 'merchant', merchant_id: 'mer_acme' }, 'k-2');
    expect(fixed.status).to.equal(201);
    expect(fixed.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('scopes keys to the caller: another API key may use the same Idempotency-Key', async () => {
    const other = await service.api.post('/v1/api-keys', service.admin, { role: 'admin' });
    await create({ role: 'auditor' }, 'shared');
    const res = await service.api.post(
      '/v1/api-keys',
      other.body.key,
      { role: 'auditor' },
      { 'Idempotency-Key': 'shared' },
    );
    expect(res.status).to.equal(201);
    expect(res.headers.get('idempotent-replayed')).to.equal(null);
  });
});
