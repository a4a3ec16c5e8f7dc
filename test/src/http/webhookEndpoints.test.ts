import { expect } from 'chai';
import { createEndpoint, createKey } from '../../support/builders.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('webhook endpoints', () => {
  let service: TestService;
  let acme: string;
  let globex: string;
  beforeEach(async () => {
    service = await startTestService();
    acme = await createKey(service, 'merchant', 'mer_acme');
    globex = await createKey(service, 'merchant', 'mer_globex');
  });
  afterEach(() => service.stop());

  it('creates an endpoint with defaults, never showing a secret, and reads it back', async () => {
    const res = await service.api.post('/v1/webhooks', acme, {
      url: 'https://hooks.acme.test/in',
      filter_types: ['order.created', 'invoice.sent'],
    });
    expect(res.status).to.equal(201);
    expect(res.headers.get('location')).to.equal(`/v1/webhooks/${res.body.id}`);
    expect(res.body).to.deep.include({
      object: 'webhook_endpoint',
      merchant_id: 'mer_acme',
      url: 'https://hooks.acme.test/in',
      description: '',
      filter_types: ['order.created', 'invoice.sent'],
      channels: null,
      disabled: false,
      disabled_reason: null,
      rate_limit_per_s: null,
      metadata: {},
    });
    expect(res.body.id).to.match(/^we_/);
    expect(res.text).to.not.match(/whsec_/);
    const read = await service.api.get(`/v1/webhooks/${res.body.id}`, acme);
    expect(read.body).to.deep.equal(res.body);
  });

  it('scopes by merchant: implied for a merchant key, 403 when naming another, 404 for another’s endpoint', async () => {
    const named = await service.api.post('/v1/webhooks', acme, {
      url: 'https://a.test/',
      merchant_id: 'mer_globex',
    });
    expect(named.status).to.equal(403);
    const adminWithout = await service.api.post('/v1/webhooks', service.admin, {
      url: 'https://a.test/',
    });
    expect(adminWithout.status).to.equal(400);
    const mine = await createEndpoint(service, {}, acme);
    const theirs = await createEndpoint(service, {}, globex);
    expect((await service.api.get(`/v1/webhooks/${theirs.id}`, acme)).status).to.equal(404);
    expect(
      (await service.api.post(`/v1/webhooks/${theirs.id}`, acme, { description: 'x' })).status,
    ).to.equal(404);
    expect((await service.api.delete(`/v1/webhooks/${theirs.id}`, acme)).status).to.equal(404);
    expect((await service.api.get(`/v1/webhooks/${theirs.id}/secret`, acme)).status).to.equal(404);
    expect(
      (await service.api.post(`/v1/webhooks/${theirs.id}/secret/rotate`, acme)).status,
    ).to.equal(404);
    const list = await service.api.get('/v1/webhooks', acme);
    expect(list.body.data.map((e: { id: string }) => e.id)).to.deep.equal([mine.id]);
    expect((await service.api.get('/v1/webhooks?merchant_id=mer_globex', acme)).status).to.equal(
      403,
    );
    const adminList = await service.api.get('/v1/webhooks?merchant_id=mer_globex', service.admin);
    expect(adminList.body.data.map((e: { id: string }) => e.id)).to.deep.equal([theirs.id]);
    expect((await service.api.get('/v1/webhooks', service.admin)).body.data).to.have.length(2);
  });

  it('updates settings, moves disabled ⇄ enabled, and deletes', async () => {
    const endpoint = await createEndpoint(service, {}, acme);
    const path = `/v1/webhooks/${endpoint.id}`;
    const updated = await service.api.post(path, acme, {
      url: 'https://hooks.acme.test/v2',
      filter_types: null,
      channels: ['eu', 'orders:priority'],
      description: 'orders',
      metadata: { team: 'payments' },
      rate_limit_per_s: 5,
    });
    expect(updated.status).to.equal(200);
    expect(updated.body).to.deep.include({
      url: 'https://hooks.acme.test/v2',
      filter_types: null,
      channels: ['eu', 'orders:priority'],
      description: 'orders',
      metadata: { team: 'payments' },
      rate_limit_per_s: 5,
    });
    expect(Date.parse(updated.body.updated_at)).to.be.at.least(Date.parse(updated.body.created_at));
    const disabled = await service.api.post(path, acme, { disabled: true });
    expect(disabled.body).to.include({ disabled: true, disabled_reason: 'manual' });
    const enabled = await service.api.post(path, acme, { disabled: false });
    expect(enabled.body).to.include({ disabled: false, disabled_reason: null });
    const unchanged = await service.api.post(path, acme, {});
    expect(unchanged.body).to.deep.equal(enabled.body);
    expect((await service.api.delete(path, acme)).status).to.equal(204);
    expect((await service.api.get(path, acme)).status).to.equal(404);
    expect((await service.api.delete(path, acme)).status).to.equal(404);
    expect((await service.api.get('/v1/webhooks', acme)).body.data).to.deep.equal([]);
  });

  it('refuses invalid filter types by name (422) and bad settings (400), changing nothing', async () => {
    const extension = await service.api.post('/v1/webhooks', acme, {
      url: 'https://a.test/',
      filter_types: ['order.created', 'extension.sync'],
    });
    expect(extension.status).to.equal(422);
    expect(extension.body.code).to.equal('invalid_filter_type');
    expect(extension.body.detail).to.include('extension.sync');
    expect(extension.body.errors).to.deep.equal([
      {
        path: 'filter_types.1',
        message: 'extension.sync is an extension type: extension events are never delivered',
      },
    ]);
    const unknown = await service.api.post('/v1/webhooks', acme, {
      url: 'https://a.test/',
      filter_types: ['order.exploded'],
    });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors[0].message).to.include('order.exploded');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'https://a.test/', filter_types: [] }, 'filter_types'],
      [{ url: 'https://a.test/', channels: ['no spaces allowed'] }, 'channels.0'],
      [{ url: 'https://a.test/', description: 'x'.repeat(1001) }, 'description'],
      [{ url: 'https://a.test/', metadata: { a: 1 } }, 'metadata.a'],
      [{ url: 'https://a.test/', rate_limit_per_s: 0 }, 'rate_limit_per_s'],
      [{ url: 'https://a.test/', secret: 'not-a-secret' }, 'secret'],
      [{ url: 'https://a.test/', secret: 'whsec_c2hvcnQ=' }, 'secret'],
      [{ url: 'https://a.test/', colour: 'red' }, 'colour'],
      [{ url: 42 }, 'url'],
    ];
    for (const [body, path] of cases) {
      const res = await service.api.post('/v1/webhooks', acme, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).to.equal(400);
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        JSON.stringify(body).slice(0, 80),
      ).to.include(path);
    }
    const endpoint = await createEndpoint(service, {}, acme);
    const bad = await service.api.post(`/v1/webhooks/${endpoint.id}`, acme, {
      filter_types: ['extension.x'],
    });
    expect(bad.status).to.equal(422);
    expect((await service.api.get('/v1/webhooks', acme)).body.data).to.have.length(1);
    expect((await service.api.get(`/v1/webhooks/${endpoint.id}`, acme)).body.filter_types).to.equal(
      null,
    );
  });

  it('lets an auditor read endpoints but not write them nor read secrets', async () => {
    const auditor = await createKey(service, 'auditor');
    const endpoint = await createEndpoint(service, {}, acme);
    expect((await service.api.get(`/v1/webhooks/${endpoint.id}`, auditor)).status).to.equal(200);
    expect((await service.api.get(`/v1/webhooks/${endpoint.id}/secret`, auditor)).status).to.equal(
      403,
    );
    expect(
      (
        await service.api.post('/v1/webhooks', auditor, {
          url: 'https://a.test/',
          merchant_id: 'mer_acme',
        })
      ).status,
    ).to.equal(403);
  });

  it('replays an idempotent create without creating a second endpoint', async () => {
    const body = { url: 'https://a.test/' };
    const first = await service.api.post('/v1/webhooks', acme, body, { 'Idempotency-Key': 'ep-1' });
    const again = await service.api.post('/v1/webhooks', acme, body, { 'Idempotency-Key': 'ep-1' });
    expect(again.body).to.deep.equal(first.body);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect((await service.api.get('/v1/webhooks', acme)).body.data).to.have.length(1);
  });
});

describe('webhook endpoint URLs', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({
      SLUICE_ALLOW_HTTP_URLS: 'false',
      SLUICE_ALLOW_PRIVATE_URLS: 'false',
    });
  });
  after(() => service.stop());

  it('refuses non-https, credentials, and hosts that are or resolve to non-public addresses', async () => {
    const refused = [
      'http://93.184.216.34/hook',
      'ftp://93.184.216.34/hook',
      'https://user:pass@93.184.216.34/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.0.0.8/hook',
      'https://192.168.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://0x7f000001/hook',
      'not a url',
    ];
    for (const url of refused) {
      const res = await service.api.post('/v1/webhooks', service.admin, {
        url,
        merchant_id: 'mer_acme',
      });
      expect(res.status, url).to.equal(422);
      expect(res.body.code, url).to.equal('invalid_url');
      expect(res.body.errors[0].path).to.equal('url');
    }
    // A developer pointing at a local receiver learns which setting would allow it.
    const setting = async (url: string) =>
      (await service.api.post('/v1/webhooks', service.admin, { url, merchant_id: 'mer_acme' })).body
        .errors[0].message as string;
    expect(await setting('http://93.184.216.34/hook'))
      .to.include('SLUICE_ALLOW_HTTP_URLS=true')
      .and.include('SLUICE_DEV=true');
    for (const url of ['https://localhost/hook', 'https://10.0.0.8/hook'])
      expect(await setting(url), url)
        .to.include('SLUICE_ALLOW_PRIVATE_URLS=true')
        .and.include('SLUICE_DEV=true');
    expect((await service.api.get('/v1/webhooks', service.admin)).body.data).to.deep.equal([]);
  });

  it('accepts an https URL on a public address', async () => {
    const res = await service.api.post('/v1/webhooks', service.admin, {
      url: 'https://93.184.216.34/hook',
      merchant_id: 'mer_acme',
    });
    expect(res.status).to.equal(201);
  });
});
