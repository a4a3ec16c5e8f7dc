import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

describe("an endpoint's own headers", function () {
  this.timeout(30_000);
  let service: TestService;
  let receiver: TestReceiver;
  const marker = `tok_${randomBytes(12).toString('hex')}`;

  beforeEach(async () => {
    receiver = await startTestReceiver();
    service = await startTestService();
  });

  afterEach(async () => {
    await service.stop();
    await receiver.close();
  });

  const create = (headers: Record<string, string>) =>
    service.api.post('/v1/webhooks', service.admin, {
      merchant_id: 'mer_acme',
      url: receiver.url,
      headers,
    });

  it('go with every delivery; a sensitive value is sealed, shown as [redacted], and kept when sent back so', async () => {
    const created = await create({ 'X-Tenant': 'acme', Authorization: `Bearer ${marker}` });
    expect(created.status, created.text).to.equal(201);
    const id = created.body.id as string;
    expect(created.body.headers).to.deep.equal({ 'X-Tenant': 'acme', Authorization: '[redacted]' });
    const secret = (await service.api.get(`/v1/webhooks/${id}/secret`, service.admin)).body
      .key as string;

    await service.api.post('/v1/webhooks/test', service.admin, { merchant_id: 'mer_acme' });
    const [first] = await receiver.waitFor(1);
    expect(first!.headers['x-tenant']).to.equal('acme');
    expect(first!.headers.authorization).to.equal(`Bearer ${marker}`);
    expect(verifies(first!, secret)).to.equal(true);

    // The endpoint as read, sent back with one change: the sealed value stays.
    const updated = await service.api.post(`/v1/webhooks/${id}`, service.admin, {
      headers: { ...created.body.headers, 'X-Tenant': 'beta' },
    });
    expect(updated.status, updated.text).to.equal(200);
    expect(updated.body.headers).to.deep.equal({ 'X-Tenant': 'beta', Authorization: '[redacted]' });
    await service.api.post('/v1/webhooks/test', service.admin, { merchant_id: 'mer_acme' });
    const [, second] = await receiver.waitFor(2);
    expect(second!.headers['x-tenant']).to.equal('beta');
    expect(second!.headers.authorization).to.equal(`Bearer ${marker}`);

    // Nowhere else in clear: the API, the audit log, the data folder.
    for (const path of [
      '/v1/webhooks?merchant_id=mer_acme',
      `/v1/webhooks/${id}`,
      '/v1/audit/events?limit=100',
    ])
      expect((await service.api.get(path, service.admin)).text, path).to.not.contain(marker);
    for (const file of readdirSync(service.dataDir)) {
      const path = join(service.dataDir, file);
      if (statSync(path).isFile())
        expect(readFileSync(path).includes(marker), file).to.equal(false);
    }
  });

  it('are refused with invalid_header when the service writes them, or they cannot be sent', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'webhook-id': 'x' }, 'headers.webhook-id'],
      [{ 'Content-Type': 'text/plain' }, 'headers.Content-Type'],
      [{ 'bad name': 'x' }, 'headers.bad name'],
      [{ 'X-Auth-Token': `${marker}\r\nX-Injected: 1` }, 'headers.X-Auth-Token'],
      [{ 'X-Big': 'x'.repeat(1025) }, 'headers.X-Big'],
      [Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v'])), 'headers'],
    ];
    for (const [headers, path] of cases) {
      const res = await create(headers);
      expect(res.status, JSON.stringify(headers).slice(0, 60)).to.equal(422);
      expect(res.body.code).to.equal('invalid_header');
      expect(res.body.errors.map((e: { path: string }) => e.path)).to.include(path);
      expect(res.text).to.not.contain(marker);
    }
    const listed = await service.api.get('/v1/webhooks?merchant_id=mer_acme', service.admin);
    expect(listed.body.data).to.have.length(0);
  });
});
