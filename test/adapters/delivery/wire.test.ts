import { expect } from 'chai';
import {
  requestFromWire,
  requestToWire,
  resultFromWire,
  resultToWire,
} from '../../../adapters/delivery/thread/wire.js';
import type { SendResult, WebhookRequest } from '../../../adapters/delivery/port.js';

const request: WebhookRequest = {
  url: 'https://hooks.example.com/in?a=1&b=%00',
  body: JSON.stringify({ id: 'evt_1', data: { text: 'nul \u0000, tab \t, quote "' } }),
  timeoutMs: 15_000,
  headers: { 'content-type': 'application/json', 'user-agent': 'Sluice-Webhooks/1' },
  signing: {
    id: 'evt_1',
    at: new Date('2026-11-22T10:00:00.123Z'),
    secrets: ['whsec_current', 'whsec_previous'],
  },
  notBefore: Date.parse('2026-11-22T10:00:00.373Z'),
};

describe('requests and results between the threads', () => {
  it('gives the thread the request as it was asked for', () => {
    const wire = requestToWire(42, request);
    expect(wire[0]).to.equal(42);
    expect(requestFromWire(wire)).to.deep.equal(request);
  });

  it('carries a request with no headers and one secret', () => {
    const bare = { ...request, headers: {}, signing: { ...request.signing, secrets: ['s'] } };
    expect(requestFromWire(requestToWire(0, bare))).to.deep.equal(bare);
    // A request to go at once is told so.
    const { notBefore: _, ...now } = request;
    expect(requestFromWire(requestToWire(0, now))).to.deep.equal({ ...now, notBefore: 0 });
  });

  it('brings back a result as the sender gave it', () => {
    const failed: SendResult = {
      outcome: {
        status: 'failed',
        url: request.url,
        response_status_code: 503,
        response_body: 'busy\u0000',
        error: { code: 'http_status', message: 'The receiver answered 503.' },
        duration_ms: 12,
      },
      retryAfterMs: 30_000,
    };
    expect(resultFromWire(resultToWire(7, failed), request.url)).to.deep.equal(failed);
  });
});
