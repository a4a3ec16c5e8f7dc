import { expect } from 'chai';
import { createKey } from '../support/builders.js';
import { definitionOf } from '../support/processes.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

/** A value a merchant's credential might hold: it must never be echoed in a refusal. */
const MARKER = 'credential-4b1d';

/** Endpoint headers about the connection or the framing: each fails, or fouls, every delivery. */
const CONNECTION_HEADERS = [
  'Expect',
  'expect',
  'Keep-Alive',
  'Proxy-Connection',
  'Trailer',
  'TE',
  'Connection',
  'Transfer-Encoding',
  'Upgrade',
  'HTTP2-Settings',
];
const CONNECTION_VALUES: Record<string, string> = {
  Expect: '100-continue',
  expect: '100-continue',
  'Keep-Alive': 'timeout=5',
  'Proxy-Connection': 'keep-alive',
  Trailer: 'Expires',
  TE: 'trailers',
  Connection: 'close',
  'Transfer-Encoding': 'chunked',
  Upgrade: 'websocket',
  'HTTP2-Settings': 'AAMAAABkAAQAAP__',
};

/** Values no header can carry: they would end the header, or the request, where they say. */
const BROKEN_VALUES = [
  `${MARKER}\r\nX-Injected: 1`,
  `${MARKER}\nX-Injected: 1`,
  `${MARKER}\r`,
  `${MARKER}\u0000`,
  `${MARKER}\u0007`,
  `${MARKER}\u007f`,
];

/**
 * Headers that pass at creation and then fail every delivery or call are refused up front: on an
 * endpoint with 422 invalid_header, in an http step of a definition with 400 at the header's path.
 */
describe('headers no request could carry are refused when they are set', function () {
  this.timeout(30_000);
  let service: TestService;
  let merchant: string;
  let endpointId: string;
  before(async () => {
    service = await startTestService();
    merchant = await createKey(service, 'merchant', 'mer_headers');
    const created = await service.api.post('/v1/webhooks', merchant, {
      url: 'https://hooks.example.com/in',
      headers: { 'X-Tenant': 'kept' },
    });
    expect(created.status, created.text).to.equal(201);
    endpointId = created.body.id as string;
  });
  after(() => service?.stop());

  const refusedOnEndpoint = async (headers: Record<string, string>, name: string) => {
    const created = await service.api.post('/v1/webhooks', merchant, {
      url: 'https://hooks.example.com/in',
      headers,
    });
    const updated = await service.api.post(`/v1/webhooks/${endpointId}`, merchant, { headers });
    for (const [what, res] of [
      ['create', created],
      ['update', updated],
    ] as const) {
      // U+0000 is refused in any body, before the endpoint's rules are read: 400, at its path.
      const nul = Object.values(headers).some((value) => value.includes('\u0000'));
      expect(res.status, `${what} with ${name}: ${res.text}`).to.equal(nul ? 400 : 422);
      expect(res.body.code).to.equal(nul ? 'validation_failed' : 'invalid_header');
      expect(res.body.errors.map((e: { path: string }) => e.path)).to.include(`headers.${name}`);
      expect(res.text).to.not.contain(MARKER);
    }
  };

  it('on an endpoint: headers of the connection or the framing, expect among them', async () => {
    for (const name of CONNECTION_HEADERS)
      await refusedOnEndpoint({ [name]: CONNECTION_VALUES[name]! }, name);
  });

  it('on an endpoint: values with a line break, a NUL or another control character', async () => {
    for (const [i, value] of BROKEN_VALUES.entries()) {
      await refusedOnEndpoint({ 'X-Plain': value }, 'X-Plain');
      // Under a sensitive name too, whose value would be sealed.
      await refusedOnEndpoint({ [`X-Api-Key-${i}`]: value }, `X-Api-Key-${i}`);
    }
    const kept = await service.api.get(`/v1/webhooks/${endpointId}`, merchant);
    expect(kept.body.headers).to.deep.equal({ 'X-Tenant': 'kept' });
    const listed = await service.api.get('/v1/webhooks', merchant);
    expect(listed.body.data).to.have.length(1);
  });

  const call = (headers: Record<string, string>) => ({
    id: 'call',
    type: 'http',
    method: 'POST',
    url: 'https://services.example.com/price',
    headers,
  });

  const refusedAtPublish = async (steps: unknown[], path: string) => {
    const res = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      definitionOf('headers.refused', steps),
    );
    expect(res.status, `${path}: ${res.text}`).to.equal(400);
    expect(res.body.code).to.equal('validation_failed');
    expect(res.body.errors.map((e: { path: string }) => e.path)).to.include(path);
    expect(res.text).to.not.contain(MARKER);
  };

  it('in an http step, on the main line or in a branch or a map: a value no call can send', async () => {
    for (const value of BROKEN_VALUES) {
      await refusedAtPublish([call({ 'X-Trace': value })], 'steps.0.headers.X-Trace');
      await refusedAtPublish([call({ Authorization: value })], 'steps.0.headers.Authorization');
      await refusedAtPublish(
        [
          {
            id: 'both',
            type: 'parallel',
            branches: [
              { steps: [{ id: 'noop', type: 'transform', value: '1' }] },
              { steps: [{ ...call({ 'X-Trace': value }), id: 'inner' }] },
            ],
          },
        ],
        'steps.0.branches.1.steps.0.headers.X-Trace',
      );
      await refusedAtPublish(
        [
          {
            id: 'each',
            type: 'map',
            items: '[1, 2]',
            steps: [{ ...call({ 'X-Trace': value }), id: 'inner' }],
          },
        ],
        'steps.0.steps.0.headers.X-Trace',
      );
    }
  });

  it('in an http step: a header the HTTP client never sends, expect among them', async () => {
    for (const name of ['Expect', 'Keep-Alive', 'Transfer-Encoding', 'Upgrade'])
      await refusedAtPublish(
        [call({ [name]: CONNECTION_VALUES[name]! })],
        `steps.0.headers.${name}`,
      );
    // The headers a call may well set are still taken.
    const taken = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      definitionOf('headers.taken', [
        call({ Authorization: 'Bearer x', 'X-Trace': 'a\tb', Connection: 'close' }),
      ]),
    );
    expect(taken.status, taken.text).to.equal(201);
  });
});
