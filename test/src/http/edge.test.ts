import { expect } from 'chai';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

describe('HTTP edge: problems, limits, request ids', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  it('answers unknown routes with a 404 problem, and unknown /v1 routes after authentication', async () => {
    const open = await service.api.get('/nowhere');
    expect(open.status).to.equal(404);
    expect(open.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(open.body).to.include({
      status: 404,
      code: 'not_found',
      type: 'urn:sluice:problem:not_found',
    });
    expect((await service.api.get('/v1/nowhere')).status).to.equal(401);
    expect((await service.api.get('/v1/nowhere', service.admin)).status).to.equal(404);
    expect(
      (await service.api.request('PUT', '/v1/api-keys', { key: service.admin })).status,
    ).to.equal(404);
  });

  it('refuses malformed JSON (400), a non-JSON body (415) and a body over 1 MiB (413)', async () => {
    const malformed = await service.api.request('POST', '/v1/api-keys', {
      key: service.admin,
      raw: '{"role": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).to.equal(400);
    expect(malformed.body.code).to.equal('validation_failed');
    const text = await service.api.request('POST', '/v1/api-keys', {
      key: service.admin,
      raw: 'role=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).to.equal(415);
    expect(text.body.code).to.equal('unsupported_media_type');
    const large = await service.api.request('POST', '/v1/api-keys', {
      key: service.admin,
      raw: JSON.stringify({ role: 'admin', name: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(large.status).to.equal(413);
    expect(large.body.code).to.equal('payload_too_large');
    expect((await service.api.get('/v1/api-keys', service.admin)).body.data).to.deep.equal([]);
  });

  it('gives every answer a request id, keeps a sane one from the caller, and puts it in problems', async () => {
    const mine = await service.api.request('GET', '/nowhere', {
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(mine.headers.get('x-request-id')).to.equal('trace-123');
    expect(mine.body.request_id).to.equal('trace-123');
    const insane = await service.api.request('GET', '/healthz', {
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(insane.headers.get('x-request-id')).to.match(/^req_[0-9A-Z]{26}$/);
  });

  it('serves health, readiness, metrics, the OpenAPI document and its rendered reference without a key', async () => {
    expect((await service.api.get('/healthz')).body).to.deep.equal({ status: 'ok' });
    expect((await service.api.get('/readyz')).body).to.include({ status: 'ready' });
    const metrics = await service.api.get('/metrics');
    expect(metrics.text).to.include('sluice_http_request_duration_seconds_bucket');
    expect(metrics.text).to.match(/route="\/healthz"/);
    const doc = await service.api.get('/v1/openapi.json');
    expect(doc.body.openapi).to.equal('3.1.0');
    const docs = await fetch(`${service.url}/docs`, { redirect: 'follow' });
    expect(docs.status).to.equal(200);
    expect(await docs.text()).to.include('swagger-ui');
  });

  it('routes every documented operation: none answers as an unknown route', async () => {
    const { documentedOperations } = await import('../../support/openapiValidator.js');
    for (const { method, template } of documentedOperations()) {
      const path = template.replace(/\{[^}]+\}/g, 'key_0');
      const res = await fetch(`${service.url}${path}`, { method });
      const body = res.headers.get('content-type')?.includes('json')
        ? ((await res.json()) as { code?: string })
        : {};
      expect(body.code, `${method} ${template}`).to.not.equal('not_found');
    }
  });
});

describe('HTTP edge: rate limit per key', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ SLUICE_RATE_LIMIT_RPS: '2' });
  });
  after(() => service.stop());

  it('lets a burst of twice the rate through, then answers 429 with Retry-After, per key', async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof service.api.get<any>>> | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await service.api.get('/v1/api-keys', service.admin);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 4)).to.deep.equal([200, 200, 200, 200]);
    expect(statuses.slice(4)).to.include(429);
    if (!limited) throw new Error('never limited');
    expect(limited.body.code).to.equal('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).to.be.at.least(1);
    expect(limited.headers.get('ratelimit-remaining')).to.equal('0');
    // The open routes are not limited.
    expect((await service.api.get('/healthz')).status).to.equal(200);
  });
});
