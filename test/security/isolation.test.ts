import { expect } from 'chai';
import { PORTAL_ACCESS } from '../../src/portal/portalAccess.js';
import type { ApiResponse } from '../support/apiClient.js';
import { verbatimRequest } from '../support/apiClient.js';
import type { Resources, SecurityFixture } from './fixture.js';
import { OWNER, settled, startSecurityFixture } from './fixture.js';
import type { Operation, PathVariant } from './operations.js';
import {
  ACCESS,
  concretePath,
  documentOperations,
  isWrite,
  pathValues,
  pathVariants,
} from './operations.js';

type Request = { query?: Record<string, string>; body?: Record<string, unknown> };

/**
 * The isolation matrix (issue 9): every operation of the OpenAPI document, called by an admin, the
 * owner of the resources it names, another merchant, an auditor, a revoked key, an unknown key
 * and no key. Operations come from the document, so a route added later is in the matrix at once.
 */
describe('isolation: every documented operation, by every kind of caller', function () {
  this.timeout(120_000);
  let fx: SecurityFixture;
  const operations = documentOperations();
  const guarded = operations.filter((op) => !op.open);

  before(async () => {
    fx = await startSecurityFixture();
    await settled(fx.service);
  });
  after(() => fx?.stop());

  const call = (op: Operation, key: string | undefined, r: Resources, req: Request = {}) => {
    const query = new URLSearchParams(req.query ?? {}).toString();
    const path = concretePath(op.template, pathValues(r)) + (query ? `?${query}` : '');
    return fx.service.api.request(op.method, path, {
      ...(key && { key }),
      ...(req.body !== undefined || isWrite(op.method) ? { body: req.body ?? {} } : {}),
    });
  };

  /** A refusal: the status and code expected, and nothing appended to the log. */
  const refused = async (
    what: string,
    send: () => Promise<ApiResponse>,
    status: number,
    code: string,
  ): Promise<ApiResponse> => {
    const before = await fx.service.services.eventStore.headPosition();
    const res = await send();
    expect(res.status, `${what}: ${res.text}`).to.equal(status);
    expect(res.body.code, what).to.equal(code);
    expect(await fx.service.services.eventStore.headPosition(), `${what} changed the log`).to.equal(
      before,
    );
    return res;
  };

  /** A valid request of the operation for an allowed caller. */
  const sampleFor = (
    op: Operation,
    caller: 'admin' | 'merchant' | 'publisher',
    r: Resources,
  ): Request => {
    const access = ACCESS[op.id]!;
    const sample = access.sample?.(r, fx.receiver.url) ?? {};
    // Keys that act for any merchant name the one a write is for.
    if (caller !== 'merchant' && access.named && isWrite(op.method))
      return { body: { ...sample.body, merchant_id: OWNER } };
    return sample;
  };

  /** The same request, naming the owner as its merchant. */
  const naming = (op: Operation, req: Request): Request =>
    isWrite(op.method)
      ? { ...req, body: { ...req.body, merchant_id: OWNER } }
      : { ...req, query: { ...req.query, merchant_id: OWNER } };

  it('states who may call every documented operation, and the document agrees', () => {
    const missing = guarded.map((op) => op.id).filter((id) => !(id in ACCESS));
    expect(missing, 'operations without an expected access in operations.ts').to.deep.equal([]);
    const stale = Object.keys(ACCESS).filter((id) => !guarded.some((op) => op.id === id));
    expect(stale, 'expected accesses of operations no longer documented').to.deep.equal([]);
    for (const op of guarded) {
      const roles = ACCESS[op.id]!.roles;
      if (/\(admin\)/.test(op.summary)) expect(roles, op.id).to.deep.equal(['admin']);
      if (/\(admin, auditor\)/.test(op.summary))
        expect(roles, op.id).to.deep.equal(['admin', 'auditor']);
      if (/\(admin, publisher\)/.test(op.summary))
        expect(roles, op.id).to.deep.equal(['admin', 'publisher']);
      if (op.query.includes('merchant_id') && roles.includes('merchant'))
        expect(ACCESS[op.id]!.named, op.id).to.equal(true);
    }
  });

  it('answers the open routes to anyone, with or without a key', async () => {
    const open = operations.filter((op) => op.open && !isWrite(op.method));
    expect(open.map((op) => op.template)).to.include.members([
      '/v1/config',
      '/v1/openapi.json',
      '/healthz',
      '/readyz',
      '/metrics',
    ]);
    for (const op of open) {
      for (const key of [undefined, fx.keys.revoked, 'sk_unknown', fx.keys.other]) {
        const res = await call(op, key, fx.resources);
        expect(res.status, `${op.id} with ${key ?? 'no key'}`).to.equal(200);
      }
    }
  });

  it('refuses the open writes (a portal code’s exchange) a bad code, whatever key comes with it', async () => {
    for (const op of operations.filter((o) => o.open && isWrite(o.method))) {
      for (const key of [undefined, fx.keys.admin, fx.keys.owner, 'sk_unknown']) {
        await refused(
          `${op.id} with ${key ?? 'no key'}`,
          () => call(op, key, fx.resources, { body: { code: 'pc_unknown' } }),
          401,
          'unauthorized',
        );
      }
    }
  });

  it('refuses a missing, unknown, malformed or revoked key with 401 and a Bearer challenge', async () => {
    const callers: Array<[string, Record<string, string>]> = [
      ['no key', {}],
      ['a revoked key', { authorization: `Bearer ${fx.keys.revoked}` }],
      [
        'an unknown key',
        { authorization: 'Bearer sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      ],
      ['another scheme', { authorization: `Basic ${fx.keys.admin}` }],
      ['an empty bearer', { authorization: 'Bearer ' }],
    ];
    for (const op of guarded) {
      for (const [who, headers] of callers) {
        const what = `${op.method} ${op.template} with ${who}`;
        const res = await refused(
          what,
          () =>
            fx.service.api.request(op.method, concretePath(op.template, pathValues(fx.resources)), {
              headers,
              ...(isWrite(op.method) && sampleFor(op, 'admin', fx.resources)),
            }),
          401,
          'unauthorized',
        );
        expect(res.headers.get('www-authenticate'), what).to.match(/^Bearer\b/);
      }
    }
  });

  it('lets an auditor read everything but signing secrets, and refuses it every write', async () => {
    for (const op of guarded) {
      const what = `${op.method} ${op.template} as auditor`;
      if (isWrite(op.method) || !ACCESS[op.id]!.roles.includes('auditor')) {
        const req = sampleFor(op, 'admin', fx.resources);
        await refused(what, () => call(op, fx.keys.auditor, fx.resources, req), 403, 'forbidden');
      } else {
        const res = await call(op, fx.keys.auditor, fx.resources);
        expect(res.status, `${what}: ${res.text}`).to.equal(200);
      }
    }
  });

  it('refuses a publisher key every route but publishing and runs, with 403', async () => {
    const allowed = guarded.filter((o) => ACCESS[o.id]!.roles.includes('publisher'));
    expect(allowed.map((o) => o.id).sort()).to.deep.equal(['publishEvent', 'runProcess']);
    for (const op of guarded.filter((o) => !ACCESS[o.id]!.roles.includes('publisher'))) {
      const req = sampleFor(op, 'admin', fx.resources);
      await refused(
        `${op.method} ${op.template} as a publisher`,
        () => call(op, fx.keys.publisher, fx.resources, req),
        403,
        'forbidden',
      );
    }
  });

  it('refuses merchant keys the admin-only routes, with 403', async () => {
    for (const op of guarded.filter((o) => !ACCESS[o.id]!.roles.includes('merchant'))) {
      for (const key of [fx.keys.owner, fx.keys.other]) {
        const req = sampleFor(op, 'merchant', fx.resources);
        await refused(
          `${op.id} as a merchant`,
          () => call(op, key, fx.resources, req),
          403,
          'forbidden',
        );
      }
    }
  });

  it('hides the owner’s resources from another merchant (404) and refuses naming the owner (403)', async () => {
    const ownerIds = Object.values(fx.resources);
    for (const op of guarded.filter((o) => ACCESS[o.id]!.roles.includes('merchant'))) {
      const access = ACCESS[op.id]!;
      const plain = sampleFor(op, 'merchant', fx.resources);
      const what = `${op.method} ${op.template} by another merchant`;
      if (access.owned || access.ownedInBody) {
        await refused(what, () => call(op, fx.keys.other, fx.resources, plain), 404, 'not_found');
      } else if (!isWrite(op.method) && !access.listening) {
        const res = await call(op, fx.keys.other, fx.resources, plain);
        expect(res.status, `${what}: ${res.text}`).to.equal(200);
        for (const id of ownerIds) expect(res.text, `${what} shows ${id}`).to.not.include(id);
      }
      if (access.named) {
        const named = naming(op, plain);
        await refused(
          `${what}, naming the owner`,
          () => call(op, fx.keys.other, fx.resources, named),
          403,
          'forbidden',
        );
      }
    }
  });

  it('holds a view-only portal session to what view allows, and refuses it the rest with 403', async () => {
    for (const op of guarded) {
      const what = `${op.method} ${op.template} as a view-only portal session`;
      const req = sampleFor(op, 'merchant', fx.resources);
      if (PORTAL_ACCESS[op.id] === 'view') {
        const res = await call(op, fx.keys.portalView, fx.resources, req);
        expect(res.status, `${what}: ${res.text}`).to.equal(200);
      } else {
        await refused(
          what,
          () => call(op, fx.keys.portalView, fx.resources, req),
          403,
          'forbidden',
        );
      }
    }
  });

  /**
   * What another spelling of a documented path gets: never the route. A key whose checks hold it
   * to documented operations (`held`) is refused what they do not recognise; any other key finds
   * no route there.
   */
  const expectedFor = (variant: PathVariant, held: boolean): [number, string] => {
    if (variant.kind === 'malformed') return [400, 'validation_failed'];
    if (variant.kind === 'outside' || !held) return [404, 'not_found'];
    return [403, 'forbidden'];
  };

  /** Every other spelling of every path of `ops`, sent verbatim with a valid request of each. */
  const everySpelling = async (
    who: string,
    key: string,
    ops: Operation[],
    caller: 'admin' | 'merchant' | 'publisher',
    held: (op: Operation) => boolean,
  ) => {
    const ordered = [...ops].sort(
      (a, b) => Number(!!ACCESS[a.id]!.destroys) - Number(!!ACCESS[b.id]!.destroys),
    );
    let sent = 0;
    for (const op of ordered) {
      const req = sampleFor(op, caller, fx.resources);
      for (const variant of pathVariants(op.template, pathValues(fx.resources))) {
        const [status, code] = expectedFor(variant, held(op));
        const res = await refused(
          `${op.method} ${variant.path} (${op.id}, ${variant.what}) as ${who}`,
          () =>
            verbatimRequest(fx.service.url, op.method, variant.path, {
              key,
              ...(isWrite(op.method) && { body: req.body ?? {} }),
            }),
          status,
          code,
        );
        expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
        sent++;
      }
    }
    expect(sent).to.be.at.least(ops.length * 15);
  };

  it('refuses a view-only portal session every other spelling of every path, whatever it names', () =>
    everySpelling(
      'a view-only portal session',
      fx.keys.portalView,
      guarded,
      'merchant',
      () => true,
    ));

  it('refuses a publisher key every other spelling of every path, publishing and runs included', () =>
    everySpelling('a publisher', fx.keys.publisher, guarded, 'publisher', () => true));

  it('refuses an auditor every write in any spelling, and routes no other spelling of a read', () =>
    everySpelling('an auditor', fx.keys.auditor, guarded, 'admin', (op) => isWrite(op.method)));

  it('routes no other spelling of a path to the owner’s resources for another merchant’s key', () =>
    everySpelling(
      'another merchant',
      fx.keys.other,
      guarded.filter((o) => ACCESS[o.id]!.roles.includes('merchant')),
      'merchant',
      () => false,
    ));

  it('routes no other spelling of any path for an admin either: every router matches as written', () =>
    everySpelling('an admin', fx.keys.admin, guarded, 'admin', () => false));

  it('refuses restricted keys a /v1 request that names no documented operation, and answers 404 to others', async () => {
    const unknown: Array<[string, string]> = [
      ['GET', '/v1/nothing'],
      ['POST', '/v1/nothing'],
      ['PUT', '/v1/api-keys'],
      ['PATCH', `/v1/webhooks/${fx.resources.endpoint_id}`],
      ['GET', `/v1/events/${fx.resources.event_id}/data`],
    ];
    const held = [fx.keys.portalView, fx.keys.publisher];
    for (const [method, path] of unknown) {
      for (const key of [...held, fx.keys.admin, fx.keys.owner, fx.keys.auditor]) {
        const [status, code] = held.includes(key)
          ? [403, 'forbidden']
          : key === fx.keys.auditor && isWrite(method)
            ? [403, 'forbidden']
            : [404, 'not_found'];
        await refused(
          `${method} ${path}`,
          () => verbatimRequest(fx.service.url, method, path, { key }),
          status,
          code,
        );
      }
    }
  });

  it('changed nothing in the audit log through any refused request', async () => {
    // Every refusal above was checked against the head of the log; the audit route agrees.
    const head = await fx.service.services.eventStore.headPosition();
    const after = await fx.service.api.get(
      `/v1/audit/events?from_position=${head}`,
      fx.keys.auditor,
    );
    expect(after.body.data).to.deep.equal([]);
  });

  it('lets the owner and an admin do what their role allows, on real resources', async () => {
    const own = fx.resources;
    const admins = await fx.freshResources();
    const ordered = [...guarded].sort(
      (a, b) => Number(!!ACCESS[a.id]!.destroys) - Number(!!ACCESS[b.id]!.destroys),
    );
    for (const [caller, key, r] of [
      ['merchant', fx.keys.owner, own],
      ['admin', fx.keys.admin, admins],
      ['publisher', fx.keys.publisher, admins],
    ] as const) {
      const allowed = ordered.filter((o) => ACCESS[o.id]!.roles.includes(caller));
      for (const op of allowed.filter((o) => !ACCESS[o.id]!.listening)) {
        const res = await call(op, key, r, sampleFor(op, caller, r));
        const what = `${op.method} ${op.template} as ${caller === 'merchant' ? 'owner' : caller}`;
        // 409: the state does not allow it now (an instance already ended, say); never a refusal.
        expect([200, 201, 202, 204, 409], `${what}: ${res.text}`).to.include(res.status);
      }
    }
  });
});
