import { expect } from 'chai';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import type { ApiResponse } from '../../support/apiClient.js';
import { createEndpoint, createKey } from '../../support/builders.js';
import { logLines } from '../../support/events.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const ALL = ['view', 'manage_endpoints', 'view_secret', 'rotate_secret', 'send'];

describe('portal sessions', function () {
  this.timeout(30_000);
  let service: TestService;
  const logs = logLines();
  /** Every code and token handed out: none may be found anywhere once the tests are done. */
  const secrets: string[] = [];

  before(async () => {
    const logger = pino({ level: 'trace', redact: ['*.authorization'] }, logs.sink);
    service = await startTestService({}, { logger });
  });
  after(() => service?.stop());

  const createSession = (body: Record<string, unknown>, key = service.admin) =>
    service.api.post('/v1/portal/sessions', key, body);

  const codeOf = (res: ApiResponse): string => {
    expect(res.status, res.text).to.equal(201);
    const code = decodeURIComponent(/#code=(.+)$/.exec(res.body.url as string)![1]!);
    secrets.push(code);
    return code;
  };

  const exchange = async (code: string) => {
    const res = await service.api.post('/v1/portal/exchange', undefined, { code });
    if (res.status === 200) secrets.push(res.body.token as string);
    return res;
  };

  /** A token of a new session of the merchant. */
  const tokenFor = async (body: Record<string, unknown>) => {
    const res = await exchange(codeOf(await createSession(body)));
    expect(res.status, res.text).to.equal(200);
    return res.body.token as string;
  };

  /** The request is refused with this status and code, and the log is left as it was. */
  const refused = async (send: () => Promise<ApiResponse>, status: number, code: string) => {
    const before = await service.services.eventStore.headPosition();
    const res = await send();
    expect(res.status, res.text).to.equal(status);
    expect(res.body.code).to.equal(code);
    expect(await service.services.eventStore.headPosition()).to.equal(before);
    return res;
  };

  it('creates a single-use link for a merchant, every capability and an hour by default', async () => {
    const started = Date.now();
    const res = await createSession({ merchant_id: 'mer_acme' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ object: 'portal_session', merchant_id: 'mer_acme' });
    expect(res.body.id).to.match(/^ps_/);
    expect(res.body.capabilities).to.deep.equal(ALL);
    expect(res.body.url).to.match(new RegExp(`^${service.url}/portal#code=pc_`));
    expect(res.headers.get('cache-control')).to.equal('no-store');
    const lifetime = Date.parse(res.body.expires_at) - started;
    expect(lifetime).to.be.within(3_590_000, 3_610_000);
    codeOf(res);

    const narrow = await createSession({
      merchant_id: 'mer_acme',
      capabilities: ['send', 'send'],
      expires_in_s: 60,
    });
    expect(narrow.body.capabilities).to.deep.equal(['view', 'send']);
    expect(Date.parse(narrow.body.expires_at) - Date.now()).to.be.within(55_000, 61_000);
    codeOf(narrow);
  });

  it('starts links with SLUICE_PUBLIC_URL when set, and replays a creation without its link', async () => {
    const other = await startTestService({ SLUICE_PUBLIC_URL: 'https://sluice.example.com/' });
    try {
      const headers = { 'idempotency-key': 'portal-1' };
      const body = { merchant_id: 'mer_acme' };
      const first = await other.api.post('/v1/portal/sessions', other.admin, body, headers);
      expect(first.body.url).to.match(/^https:\/\/sluice\.example\.com\/portal#code=pc_/);
      const again = await other.api.post('/v1/portal/sessions', other.admin, body, headers);
      expect(again.headers.get('idempotent-replayed')).to.equal('true');
      expect(again.body).to.deep.equal({ ...first.body, url: null });
    } finally {
      await other.stop();
    }
  });

  it('says when nothing is known of the merchant, and makes the link all the same', async () => {
    const typo = await createSession({ merchant_id: 'mer_acmee' });
    expect(typo.status, typo.text).to.equal(201);
    expect(typo.body.merchant_known).to.equal(false);
    expect(typo.body.warnings).to.have.length(1);
    expect(typo.body.warnings[0].code).to.equal('unknown_merchant');
    expect(typo.body.warnings[0].message)
      .to.include('mer_acmee')
      .and.include('check the merchant id');
    // The link works: a new merchant needs it to create its first endpoint.
    expect((await exchange(codeOf(typo))).status).to.equal(200);

    // An endpoint, an event or a process instance makes a merchant known.
    await createEndpoint(service, { url: 'https://a.test/', merchant_id: 'mer_with_endpoint' });
    const published = await service.api.post('/v1/events', service.admin, {
      type: 'order.created',
      merchant_id: 'mer_with_event',
      data: {},
    });
    expect(published.status, published.text).to.equal(201);
    for (const merchant of ['mer_with_endpoint', 'mer_with_event']) {
      const known = await createSession({ merchant_id: merchant });
      expect(known.body, merchant).to.include({ merchant_known: true });
      expect(known.body.warnings, merchant).to.deep.equal([]);
      codeOf(known);
    }
  });

  it('refuses a bad creation with a problem, and anyone but an admin', async () => {
    for (const body of [
      {},
      { merchant_id: 'acme' },
      { merchant_id: 'mer_acme', expires_in_s: 59 },
      { merchant_id: 'mer_acme', expires_in_s: 604_801 },
      { merchant_id: 'mer_acme', expires_in_s: 90.5 },
      { merchant_id: 'mer_acme', capabilities: ['fly'] },
      { merchant_id: 'mer_acme', capabilities: 'view' },
      { merchant_id: 'mer_acme', colour: 'red' },
    ])
      await refused(() => createSession(body), 400, 'validation_failed');
    const merchant = await createKey(service, 'merchant', 'mer_acme');
    const auditor = await createKey(service, 'auditor');
    for (const key of [merchant, auditor]) {
      await refused(() => createSession({ merchant_id: 'mer_acme' }, key), 403, 'forbidden');
      await refused(
        () => service.api.post('/v1/portal/sessions/expire-all', key, { merchant_id: 'mer_acme' }),
        403,
        'forbidden',
      );
    }
    await refused(
      () => service.api.post('/v1/portal/sessions', undefined, { merchant_id: 'mer_acme' }),
      401,
      'unauthorized',
    );
  });

  it('exchanges a code once for a token; a used or unknown code is the same 401', async () => {
    const code = codeOf(await createSession({ merchant_id: 'mer_acme', capabilities: ['view'] }));
    const first = await exchange(code);
    expect(first.status, first.text).to.equal(200);
    expect(first.body.token).to.match(/^pt_/);
    expect(first.body).to.include({ merchant_id: 'mer_acme' });
    expect(first.body.capabilities).to.deep.equal(['view']);
    expect(first.headers.get('cache-control')).to.equal('no-store');

    const again = await refused(() => exchange(code), 401, 'unauthorized');
    const unknown = await refused(() => exchange(`pc_${'A'.repeat(43)}`), 401, 'unauthorized');
    expect(unknown.body.detail).to.equal(again.body.detail);
    await refused(
      () => service.api.post('/v1/portal/exchange', undefined, {}),
      400,
      'validation_failed',
    );
    await refused(
      () => service.api.post('/v1/portal/exchange', undefined, { code, more: 1 }),
      400,
      'validation_failed',
    );
  });

  it('gives one token when exchanges of one code race', async () => {
    const code = codeOf(await createSession({ merchant_id: 'mer_acme' }));
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(code)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).to.deep.equal([200, 401, 401, 401, 401, 401]);
  });

  it('lets a token act as its merchant within its capabilities; anything else is 403', async () => {
    const endpoint = await createEndpoint(service, { url: 'https://hooks.example.com/acme' });
    const viewer = await tokenFor({ merchant_id: 'mer_acme', capabilities: ['view'] });
    const listed = await service.api.get('/v1/webhooks', viewer);
    expect(listed.status, listed.text).to.equal(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).to.include(endpoint.id);
    expect((await service.api.get(`/v1/webhooks/${endpoint.id}/stats`, viewer)).status).to.equal(
      200,
    );
    expect((await service.api.get('/v1/event-types', viewer)).status).to.equal(200);

    const refusals: Array<[string, string, unknown?]> = [
      ['POST', '/v1/webhooks', { url: 'https://hooks.example.com/new' }],
      ['POST', `/v1/webhooks/${endpoint.id}`, { description: 'changed' }],
      ['GET', `/v1/webhooks/${endpoint.id}/secret`],
      ['POST', `/v1/webhooks/${endpoint.id}/secret/rotate`, {}],
      ['POST', '/v1/webhooks/test', { endpoint_id: endpoint.id }],
      ['POST', '/v1/events', { type: 'order.created', data: {} }],
      ['GET', '/v1/api-keys'],
      ['GET', '/v1/audit/events'],
      ['GET', '/v1/process-instances'],
      ['POST', '/v1/portal/sessions', { merchant_id: 'mer_acme' }],
    ];
    for (const [method, path, body] of refusals)
      await refused(
        () =>
          service.api.request(method, path, { key: viewer, ...(body !== undefined && { body }) }),
        403,
        'forbidden',
      );

    const full = await tokenFor({ merchant_id: 'mer_acme' });
    const secret = await service.api.get(`/v1/webhooks/${endpoint.id}/secret`, full);
    expect(secret.status, secret.text).to.equal(200);
    const made = await service.api.post('/v1/webhooks', full, {
      url: 'https://hooks.example.com/p',
    });
    expect(made.status, made.text).to.equal(201);
    expect(made.body.merchant_id).to.equal('mer_acme');
    await refused(() => service.api.get('/v1/api-keys', full), 403, 'forbidden');
  });

  it('never shows a token another merchant’s endpoints (404) nor lets it name one (403)', async () => {
    const theirs = await createEndpoint(service, {
      merchant_id: 'mer_other',
      url: 'https://hooks.example.com/other',
    });
    const token = await tokenFor({ merchant_id: 'mer_acme' });
    await refused(() => service.api.get(`/v1/webhooks/${theirs.id}`, token), 404, 'not_found');
    await refused(
      () => service.api.get(`/v1/webhooks/${theirs.id}/secret`, token),
      404,
      'not_found',
    );
    await refused(
      () => service.api.get('/v1/webhooks?merchant_id=mer_other', token),
      403,
      'forbidden',
    );
    const own = await service.api.get('/v1/webhooks', token);
    expect(own.text).to.not.include(theirs.id);
  });

  it('stops a token and an unused code at their expiry, by the service’s clock', async () => {
    const token = await tokenFor({ merchant_id: 'mer_acme', expires_in_s: 60 });
    const code = codeOf(await createSession({ merchant_id: 'mer_acme', expires_in_s: 60 }));
    expect((await service.api.get('/v1/webhooks', token)).status).to.equal(200);
    const realNow = service.services.now;
    service.services.now = () => new Date(Date.now() + 60_000);
    try {
      const res = await refused(() => service.api.get('/v1/webhooks', token), 401, 'unauthorized');
      expect(res.headers.get('www-authenticate')).to.match(/^Bearer\b/);
      await refused(() => exchange(code), 401, 'unauthorized');
    } finally {
      service.services.now = realNow;
    }
  });

  it('ends every token and unused code of a merchant at once with expire-all, and no other', async () => {
    const tokens = [
      await tokenFor({ merchant_id: 'mer_acme' }),
      await tokenFor({ merchant_id: 'mer_acme' }),
    ];
    const code = codeOf(await createSession({ merchant_id: 'mer_acme' }));
    const others = await tokenFor({ merchant_id: 'mer_other' });
    for (const token of tokens)
      expect((await service.api.get('/v1/webhooks', token)).status).to.equal(200);

    const ended = await service.api.post('/v1/portal/sessions/expire-all', service.admin, {
      merchant_id: 'mer_acme',
    });
    expect(ended.status, ended.text).to.equal(204);
    for (const token of tokens)
      await refused(() => service.api.get('/v1/webhooks', token), 401, 'unauthorized');
    await refused(() => exchange(code), 401, 'unauthorized');
    expect((await service.api.get('/v1/webhooks', others)).status).to.equal(200);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await tokenFor({ merchant_id: 'mer_acme' });
    expect((await service.api.get('/v1/webhooks', fresh)).status).to.equal(200);
  });

  it('shows auditors the sessions in the audit log, and no code or token anywhere', async () => {
    const headers = { 'idempotency-key': 'portal-secrecy' };
    codeOf(
      await service.api.post(
        '/v1/portal/sessions',
        service.admin,
        { merchant_id: 'mer_acme' },
        headers,
      ),
    );
    const auditor = await createKey(service, 'auditor');
    const audit = await service.api.get('/v1/audit/events?limit=100', auditor);
    const types = (audit.body.data as Array<{ type: string }>).map((e) => e.type);
    expect(types).to.include.members([
      'portal_session.created',
      'portal_session.exchanged',
      'portal_sessions.expired',
    ]);
    // Not even their hashes: the audit log shows them redacted.
    const entries = audit.body.data as Array<{ type: string; data: Record<string, unknown> }>;
    const created = entries.find((e) => e.type === 'portal_session.created')!;
    const exchanged = entries.find((e) => e.type === 'portal_session.exchanged')!;
    expect(created.data.code_hash).to.equal('[redacted]');
    expect(exchanged.data.token_hash).to.equal('[redacted]');
    expect(secrets.length).to.be.greaterThan(10);
    const logged = logs.lines.join('');
    expect(logged).to.include('/v1/portal/exchange');
    const files = readdirSync(service.dataDir)
      .map((file) => join(service.dataDir, file))
      .filter((path) => statSync(path).isFile())
      .map((path) => [path, readFileSync(path)] as const);
    for (const secret of secrets) {
      expect(audit.text, 'audit log').to.not.include(secret);
      expect(logged, 'log lines').to.not.include(secret);
      for (const [path, content] of files) expect(content.includes(secret), path).to.equal(false);
    }
  });
});

describe('portal code exchanges from one address', function () {
  this.timeout(30_000);

  it('are held back with 429 once too many codes were not valid, a right one still exchanged', async () => {
    const service = await startTestService({ SLUICE_AUTH_FAILURE_BURST: '3' });
    try {
      const created = await service.api.post('/v1/portal/sessions', service.admin, {
        merchant_id: 'mer_acme',
      });
      const code = decodeURIComponent(/#code=(.+)$/.exec(created.body.url as string)![1]!);
      for (let i = 0; i < 3; i++) {
        const res = await service.api.post('/v1/portal/exchange', undefined, {
          code: `pc_bad${i}`,
        });
        expect(res.status).to.equal(401);
      }
      const held = await service.api.post('/v1/portal/exchange', undefined, { code: 'pc_bad3' });
      expect(held.status, held.text).to.equal(429);
      expect(held.body.code).to.equal('rate_limited');
      expect(Number(held.headers.get('retry-after'))).to.be.greaterThan(0);
      // A merchant opening its link from the same address (an office behind one NAT) gets in.
      const right = await service.api.post('/v1/portal/exchange', undefined, { code });
      expect(right.status, right.text).to.equal(200);
    } finally {
      await service.stop();
    }
  });
});
