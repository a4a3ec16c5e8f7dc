import { expect } from 'chai';
import { createLogger } from '../../src/logging/logger.js';
import type { ApiResponse } from '../support/apiClient.js';
import { eventually } from '../support/delivery.js';
import { logLines } from '../support/events.js';
import type { SecurityFixture } from './fixture.js';
import { OWNER, startSecurityFixture } from './fixture.js';

const IMPORTED = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const ROTATED_TO = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

/**
 * Secrets (issue 9): a session that issues API keys and signing secrets and uses them well and
 * badly, under the product's own logger. No key and no secret may appear in a log line, an error
 * body, the metrics or the audit log.
 */
describe('secrets stay out of logs, errors, metrics and the audit log', function () {
  this.timeout(60_000);
  const { lines, sink } = logLines();
  let fx: SecurityFixture;
  const secrets = new Set<string>();
  const errorBodies: string[] = [];

  before(async () => {
    fx = await startSecurityFixture(
      {},
      { logger: createLogger({ level: 'trace', destination: sink }) },
    );
    for (const key of Object.values(fx.keys)) secrets.add(key);
  });
  after(() => fx?.stop());

  /** Keeps every answer's text when it is an error, for the final scan. */
  const kept = (res: ApiResponse): ApiResponse => {
    if (res.status >= 400) errorBodies.push(res.text);
    return res;
  };

  it('runs a session that issues, uses and misuses keys and secrets', async () => {
    const { api, admin } = fx.service;
    for (const role of ['admin', 'auditor'] as const) {
      const res = kept(
        await api.post('/v1/api-keys', admin, { role }, { 'idempotency-key': role }),
      );
      secrets.add(res.body.key as string);
      kept(await api.post('/v1/api-keys', admin, { role }, { 'idempotency-key': role }));
    }
    const endpoint = kept(
      await api.post('/v1/webhooks', fx.keys.owner, { url: fx.receiver.url, secret: IMPORTED }),
    );
    secrets.add(IMPORTED);
    const id = endpoint.body.id as string;
    const generated = kept(await api.get(`/v1/webhooks/${fx.resources.endpoint_id}/secret`, admin));
    secrets.add(generated.body.key as string);
    kept(await api.post(`/v1/webhooks/${id}/secret/rotate`, fx.keys.owner, { key: ROTATED_TO }));
    secrets.add(ROTATED_TO);
    kept(await api.post(`/v1/webhooks/${fx.resources.endpoint_id}/secret/rotate`, admin, {}));
    const rotated = kept(await api.get(`/v1/webhooks/${fx.resources.endpoint_id}/secret`, admin));
    secrets.add(rotated.body.key as string);
    const event = kept(
      await api.post('/v1/events', admin, { type: 'order.created', merchant_id: OWNER, data: {} }),
    );
    await eventually(
      () => api.get(`/v1/webhooks/${id}/messages`, admin),
      (res) =>
        (res.body.data as Array<{ event_id: string; status: string }>).some(
          (m) => m.event_id === event.body.id && m.status === 'succeeded',
        ),
    );

    // Misuse: keys and secrets where they do not belong, in bodies, queries and headers.
    const misuses: Array<[string, string, Record<string, unknown>?]> = [
      ['POST', '/v1/api-keys', { role: 'merchant', merchant_id: OWNER, key: fx.keys.owner }],
      ['POST', '/v1/api-keys', { role: fx.keys.owner }],
      ['POST', '/v1/webhooks', { url: fx.receiver.url, secret: 'whsec_short' }],
      ['POST', '/v1/webhooks', { url: `https://u:${IMPORTED}@example.com/`, merchant_id: OWNER }],
      ['POST', `/v1/webhooks/${id}/secret/rotate`, { key: `${ROTATED_TO}x` }],
      ['POST', `/v1/webhooks/${id}`, { secret: ROTATED_TO }],
      [
        'POST',
        '/v1/events',
        { type: 'order.created', merchant_id: OWNER, data: 7, secret: IMPORTED },
      ],
      ['GET', `/v1/webhooks?merchant_id=${encodeURIComponent(fx.keys.owner)}`],
      ['GET', `/v1/events?cursor=${encodeURIComponent(IMPORTED)}`],
    ];
    for (const [method, path, body] of misuses) {
      const res = kept(await api.request(method, path, { key: admin, ...(body && { body }) }));
      expect(res.status, `${method} ${path}: ${res.text}`).to.be.within(400, 499);
    }
    kept(
      await api.request('POST', '/v1/api-keys', {
        key: admin,
        raw: `{"role": "${fx.keys.other}`,
        headers: { 'content-type': 'application/json' },
      }),
    );
    for (const key of [fx.keys.revoked, `${fx.keys.owner}x`, IMPORTED]) {
      const res = kept(await api.get('/v1/events', key));
      expect(res.status).to.equal(401);
    }
    kept(await api.get(`/v1/webhooks/${id}/secret`, fx.keys.auditor));
    expect(errorBodies.length).to.be.greaterThan(10);
  });

  it('finds none of them in the logs, error bodies, metrics or audit log', async () => {
    const { api, admin } = fx.service;
    const metrics = await api.get('/metrics');
    const audit: string[] = [];
    let from: string | null = null;
    for (;;) {
      const page = await api.get(
        `/v1/audit/events?limit=100${from === null ? '' : `&from_position=${from}`}`,
        fx.keys.auditor,
      );
      audit.push(page.text);
      if (!page.body.has_more) break;
      from = page.body.next_position as string;
    }
    expect(lines.length, 'log lines').to.be.greaterThan(30);
    expect(audit.join('')).to.include('secret_rotated');
    const places: Array<[string, string]> = [
      ['log lines', lines.join('\n')],
      ['error bodies', errorBodies.join('\n')],
      ['metrics', metrics.text],
      ['audit log', audit.join('\n')],
    ];
    expect(secrets.size).to.be.at.least(9);
    for (const secret of secrets) {
      // The secret material alone (without its prefix) must not show either.
      const material = secret.replace(/^(whsec_|sk_)/, '');
      for (const [where, text] of places) {
        expect(text.includes(material), `${secret.slice(0, 12)}… in the ${where}`).to.equal(false);
      }
    }
    // Nor anything shaped like one, issued or not.
    for (const [where, text] of places) {
      expect(text, where).to.not.match(/whsec_[A-Za-z0-9+/]{20,}|sk_[A-Za-z0-9_-]{40,}/);
    }
    expect(admin).to.be.a('string');
  });
});
