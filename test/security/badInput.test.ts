import { expect } from 'chai';
import type { ApiResponse } from '../support/apiClient.js';
import type { SecurityFixture } from './fixture.js';
import { OWNER, settled, startSecurityFixture } from './fixture.js';

/**
 * What the fuzzer found, kept as plain cases: each once answered a 5xx or an undocumented answer.
 * Every answer is checked against the OpenAPI document by the API client.
 */
describe('bad input: the fuzzer’s findings, as cases', () => {
  let fx: SecurityFixture;
  before(async () => {
    fx = await startSecurityFixture();
    await settled(fx.service);
  });
  after(() => fx?.stop());

  const problem = (res: ApiResponse, status: number, code: string) => {
    expect(res.status, res.text).to.equal(status);
    expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(res.body.code).to.equal(code);
  };

  it('answers a URL over the parser’s limit with a 431 problem', async () => {
    const res = await fx.service.api.get(`/v1/events?type=${'x'.repeat(20_000)}`, fx.keys.admin);
    problem(res, 431, 'headers_too_large');
    expect(res.headers.get('x-request-id')).to.equal(res.body.request_id);
  });

  it('answers a path parameter that is not percent-encoded UTF-8 with a 400', async () => {
    for (const segment of ['%ED%A0%80', '%FF', '%C0%80']) {
      const res = await fx.service.api.get(`/v1/webhooks/${segment}`, fx.keys.admin);
      problem(res, 400, 'validation_failed');
    }
  });

  it('refuses a malformed body on a route that takes none, as documented', async () => {
    const { endpoint_id: endpoint, event_id: event } = fx.resources;
    const res = await fx.service.api.request(
      'POST',
      `/v1/webhooks/${endpoint}/messages/${event}/resend`,
      { key: fx.keys.admin, raw: '{', headers: { 'content-type': 'application/json' } },
    );
    problem(res, 400, 'validation_failed');
  });

  it('refuses a body nested deeper than 100 levels, before it reaches the log', async () => {
    const head = await fx.service.services.eventStore.headPosition();
    const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    for (const [path, raw] of [
      ['/v1/webhooks/test', `{"merchant_id":"${OWNER}","data":{"x":${nested(20_000)}}}`],
      [
        '/v1/events',
        `{"type":"order.created","merchant_id":"${OWNER}","data":{"x":${nested(200)}}}`,
      ],
      ['/v1/processes/sec.review/runs', `{"merchant_id":"${OWNER}","input":{"x":${nested(150)}}}`],
    ] as const) {
      const res = await fx.service.api.request('POST', path, {
        key: fx.keys.admin,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      problem(res, 400, 'validation_failed');
    }
    expect(await fx.service.services.eventStore.headPosition()).to.equal(head);
    const fine = await fx.service.api.post('/v1/events', fx.keys.admin, {
      type: 'order.created',
      merchant_id: OWNER,
      data: JSON.parse(`{"x":${nested(90)}}`) as Record<string, unknown>,
    });
    expect(fine.status, fine.text).to.equal(201);
  });
});
