import { request } from 'node:http';
import { expect } from 'chai';
import type { ApiResponse } from '../support/apiClient.js';
import { doubling, activeDefinition } from '../support/processes.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

type RawAnswer = { status: number; headers: Record<string, unknown>; body: Record<string, any> };

/** One request on a fresh connection from `localAddress` (any of 127/8 reaches the service). */
const fromAddress = (
  service: TestService,
  localAddress: string,
  path: string,
  key: string,
): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const req = request(`${service.url}${path}`, {
      localAddress,
      agent: false,
      headers: { authorization: `Bearer ${key}` },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }),
      );
    });
    req.end();
  });

/**
 * Requests a hostile client sends that the service once answered wrongly: numbers JSON cannot
 * keep, a charset other than UTF-8, OPTIONS, and key guessing at full speed.
 */
describe('hostile requests', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ SLUICE_RATE_LIMIT_RPS: '1000000' });
    await activeDefinition(service, doubling());
  });
  after(() => service?.stop());

  const problem = (res: ApiResponse, status: number, code: string) => {
    expect(res.status, res.text).to.equal(status);
    expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(res.body.code).to.equal(code);
  };
  const postRaw = (path: string, raw: string | Buffer, contentType = 'application/json') =>
    service.api.request('POST', path, {
      key: service.admin,
      raw,
      headers: { 'content-type': contentType },
    });
  /** What the log and the lists hold: unchanged by a refused request. */
  const stored = async () => ({
    head: await service.services.eventStore.headPosition(),
    events: (await service.api.get('/v1/events?merchant_id=mer_acme', service.admin)).body,
    instances: (await service.api.get('/v1/process-instances?merchant_id=mer_acme', service.admin))
      .body,
  });

  it('refuses numbers too large for a double (1e309 would be kept as null), naming their path', async () => {
    const before = await stored();
    for (const [path, raw, faultPath] of [
      [
        '/v1/events',
        '{"type":"order.created","merchant_id":"mer_acme","data":{"amount":1e309}}',
        'data.amount',
      ],
      [
        '/v1/events',
        '{"type":"order.created","merchant_id":"mer_acme","data":{"lines":[1,{"q":-1e309}]}}',
        'data.lines.1.q',
      ],
      [
        '/v1/processes/math.double/runs',
        '{"merchant_id":"mer_acme","input":{"n":1e309}}',
        'input.n',
      ],
      [
        '/v1/processes/math.double/runs',
        `{"merchant_id":"mer_acme","input":{"n":-${'9'.repeat(400)}}}`,
        'input.n',
      ],
    ] as const) {
      const res = await postRaw(path, raw);
      problem(res, 400, 'validation_failed');
      expect(res.body.errors, raw).to.deep.include({
        path: faultPath,
        message: 'must be a finite number (at most about 1.8e308 in size)',
      });
    }
    expect(await stored()).to.deep.equal(before);
    // The largest finite doubles still pass.
    const fine = await postRaw(
      '/v1/events',
      '{"type":"order.created","merchant_id":"mer_acme","data":{"amount":1.7976931348623157e308}}',
    );
    expect(fine.status, fine.text).to.equal(201);
  });

  it('answers a JSON body in a charset other than UTF-8 with 415', async () => {
    const before = await stored();
    const json = '{"type":"order.created","merchant_id":"mer_acme","data":{}}';
    for (const [raw, charset] of [
      [Buffer.from(json, 'utf16le'), 'utf-16'],
      [Buffer.from(json, 'utf8'), 'utf-16'],
      [Buffer.from(json, 'utf16le'), '"UTF-16LE"'],
      [Buffer.from(json, 'latin1'), 'iso-8859-1'],
    ] as const) {
      const res = await postRaw('/v1/events', raw, `application/json; charset=${charset}`);
      problem(res, 415, 'unsupported_media_type');
    }
    expect(await stored()).to.deep.equal(before);
    for (const charset of ['utf-8', '"UTF-8"']) {
      const res = await postRaw('/v1/events', json, `application/json; charset=${charset}`);
      expect(res.status, `${charset}: ${res.text}`).to.equal(201);
    }
  });

  it('answers OPTIONS, with a key or without, as a route it does not serve (no CORS)', async () => {
    for (const [path, key] of [
      ['/v1/events', service.admin],
      ['/v1/process-instances', service.admin],
      ['/v1/events', undefined],
      ['/healthz', undefined],
    ] as const) {
      const res = await service.api.request('OPTIONS', path, { ...(key && { key }) });
      problem(res, 404, 'not_found');
      expect(res.headers.get('access-control-allow-origin')).to.equal(null);
    }
  });

  it('throttles an address that presents too many unknown keys, and only its unknown keys', async () => {
    const guesser = '127.0.0.3';
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const guess = `sk_${String(i).padStart(43, 'A')}`;
      statuses.push((await fromAddress(service, guesser, '/v1/api-keys', guess)).status);
    }
    expect(statuses.slice(0, 100)).to.deep.equal(Array<number>(100).fill(401));
    expect(statuses[100]).to.equal(429);
    const next = await fromAddress(service, guesser, '/v1/api-keys', `sk_${'B'.repeat(43)}`);
    expect(next.status).to.equal(429);
    expect(next.body.code).to.equal('rate_limited');
    expect(Number(next.headers['retry-after'])).to.be.within(1, 60);
    // A valid key is answered from that address too (test/security/sharedAddress.test.ts).
    expect((await fromAddress(service, guesser, '/v1/api-keys', service.admin)).status).to.equal(
      200,
    );
    // Other addresses are not held back.
    expect(
      (await fromAddress(service, '127.0.0.4', '/v1/api-keys', `sk_${'C'.repeat(43)}`)).status,
    ).to.equal(401);
  });
});
