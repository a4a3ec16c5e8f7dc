import { expect } from 'chai';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('API keys and roles', () => {
  let service: TestService;
  beforeEach(async () => {
    service = await startTestService();
  });
  afterEach(() => service.stop());

  const createKey = async (body: Record<string, unknown>) => {
    const res = await service.api.post('/v1/api-keys', service.admin, body);
    expect(res.status, res.text).to.equal(201);
    return res.body as { id: string; key: string };
  };

  it('creates a merchant key with the bootstrap admin key; the key works at once', async () => {
    const res = await service.api.post('/v1/api-keys', service.admin, {
      role: 'merchant',
      merchant_id: 'mer_acme',
      name: 'shop',
    });
    expect(res.status).to.equal(201);
    expect(res.body).to.include({
      object: 'api_key',
      role: 'merchant',
      merchant_id: 'mer_acme',
      name: 'shop',
    });
    expect(res.body.key).to.match(/^sk_[A-Za-z0-9_-]{43}$/);
    const own = await service.api.get('/v1/api-keys', res.body.key);
    expect(own.status).to.equal(200);
    expect(own.body.data.map((k: { id: string }) => k.id)).to.deep.equal([res.body.id]);
    expect(own.text).to.not.include(res.body.key);
  });

  it('refuses a merchant key on an admin route and on another merchant (403)', async () => {
    const { key } = await createKey({ role: 'merchant', merchant_id: 'mer_acme' });
    const admin = await service.api.post('/v1/api-keys', key, {
      role: 'merchant',
      merchant_id: 'mer_acme',
    });
    expect(admin.status).to.equal(403);
    expect(admin.body.code).to.equal('forbidden');
    const other = await service.api.get('/v1/api-keys?merchant_id=mer_other', key);
    expect(other.status).to.equal(403);
    expect(other.body.code).to.equal('forbidden');
    const same = await service.api.get('/v1/api-keys?merchant_id=mer_acme', key);
    expect(same.status).to.equal(200);
  });

  it('keeps merchants apart: a merchant key lists only its own keys', async () => {
    const acme = await createKey({ role: 'merchant', merchant_id: 'mer_acme' });
    await createKey({ role: 'merchant', merchant_id: 'mer_globex' });
    const list = await service.api.get('/v1/api-keys', acme.key);
    expect(list.body.data.map((k: { merchant_id: string }) => k.merchant_id)).to.deep.equal([
      'mer_acme',
    ]);
    const all = await service.api.get('/v1/api-keys', service.admin);
    expect(all.body.data).to.have.length(2);
  });

  it('lets an auditor read and refuses every write', async () => {
    const { key } = await createKey({ role: 'auditor' });
    expect((await service.api.get('/v1/api-keys', key)).status).to.equal(200);
    const write = await service.api.post('/v1/api-keys', key, { role: 'auditor' });
    expect(write.status).to.equal(403);
    const del = await service.api.delete('/v1/api-keys/key_0123', key);
    expect(del.status).to.equal(403);
  });

  it('refuses a missing or unknown key with 401 and a Bearer challenge', async () => {
    for (const key of [undefined, 'sk_not_a_key']) {
      const res = await service.api.get('/v1/api-keys', key);
      expect(res.status).to.equal(401);
      expect(res.body.code).to.equal('unauthorized');
      expect(res.headers.get('www-authenticate')).to.match(/^Bearer/);
    }
    const basic = await service.api.request('GET', '/v1/api-keys', {
      headers: { authorization: 'Basic Zm9vOmJhcg==' },
    });
    expect(basic.status).to.equal(401);
  });

  it('revokes a key: it stops working at once, leaves the list, and a second revoke is 404', async () => {
    const { id, key } = await createKey({ role: 'merchant', merchant_id: 'mer_acme' });
    const del = await service.api.delete(`/v1/api-keys/${id}`, service.admin);
    expect(del.status).to.equal(204);
    expect((await service.api.get('/v1/api-keys', key)).status).to.equal(401);
    expect((await service.api.get('/v1/api-keys', service.admin)).body.data).to.deep.equal([]);
    expect((await service.api.delete(`/v1/api-keys/${id}`, service.admin)).status).to.equal(404);
    expect((await service.api.delete('/v1/api-keys/../etc', service.admin)).status).to.equal(404);
  });

  it('validates the body: role, merchant binding, unknown fields, with a path per fault', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['role']],
      [{ role: 'root' }, ['role']],
      [{ role: 'merchant' }, ['merchant_id']],
      [{ role: 'admin', merchant_id: 'mer_acme' }, ['merchant_id']],
      [{ role: 'merchant', merchant_id: 'acme' }, ['merchant_id']],
      [{ role: 'merchant', merchant_id: 'mer_acme', colour: 'red', name: 5 }, ['colour', 'name']],
      [[], ['']],
    ];
    for (const [body, paths] of cases) {
      const res = await service.api.post('/v1/api-keys', service.admin, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('validation_failed');
      expect(
        res.body.errors.map((e: { path: string }) => e.path).sort(),
        JSON.stringify(body),
      ).to.deep.equal(paths.sort());
    }
    expect((await service.api.get('/v1/api-keys', service.admin)).body.data).to.deep.equal([]);
  });

  it('pages the key list newest first by cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createKey({ role: 'auditor', name: `k${i}` })).id);
    const first = await service.api.get('/v1/api-keys?limit=2', service.admin);
    expect(first.body.has_more).to.equal(true);
    const second = await service.api.get(
      `/v1/api-keys?limit=2&cursor=${first.body.next_cursor}`,
      service.admin,
    );
    const third = await service.api.get(
      `/v1/api-keys?limit=2&cursor=${second.body.next_cursor}`,
      service.admin,
    );
    expect(third.body).to.include({ has_more: false, next_cursor: null });
    const seen = [...first.body.data, ...second.body.data, ...third.body.data].map(
      (k: { id: string }) => k.id,
    );
    expect(seen).to.deep.equal([...ids].reverse());
    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'cursor=garbage', 'colour=red']) {
      const res = await service.api.get(`/v1/api-keys?${bad}`, service.admin);
      expect(res.status, bad).to.equal(400);
    }
  });
});
