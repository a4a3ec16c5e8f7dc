import { expect } from 'chai';
import type { ApiResponse } from '../support/apiClient.js';
import { createKey } from '../support/builders.js';
import { activeDefinition } from '../support/processes.js';
import { NO_POSTGRES, postgresUrl } from '../support/postgresSchema.js';
import { skipSuite } from '../support/skipSuite.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';
import { settled } from './fixture.js';
import { ACCESS, concretePath, documentOperations, isWrite } from './operations.js';

const TITLE = 'U+0000 in a path, a query, a cursor or a body';

/** A definition that takes any input. */
const echo = {
  id: 'sec.echo',
  name: 'Echo',
  input_schema: { type: 'object' },
  steps: [{ id: 'echo', type: 'transform', value: 'input' }],
};

/** A cursor as a list writes one, around a sort value and an id of the caller's choosing. */
const forgedCursor = (value: unknown, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

/**
 * PostgreSQL's text cannot hold U+0000 (`invalid byte sequence for encoding "UTF8": 0x00`), nor
 * can its jsonb or MongoDB's field names: a lookup, a filter or a cursor carrying one answered
 * 500 there, and a body carrying one was kept by some stores and not others. Every such request
 * is a 400 `validation_failed` on every store, and leaves the log as it was. The operations come
 * from the OpenAPI document: a route added later is covered at once.
 */
const nulSuite = (store: string, mode: 'embedded' | 'postgres') =>
  describe(`${TITLE}, on ${store}`, function () {
    this.timeout(60_000);
    let service: TestService;
    let merchant: string;
    /** Real things path parameters can name; other parameters get a made-up value. */
    const known: Record<string, string> = { definition_id: echo.id };
    const guarded = documentOperations().filter((op) => !op.open);

    /** The operation's path, each parameter a real value, or `raw` (sent as is) for `name`. */
    const pathOf = (template: string, name?: string, raw?: string) => {
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const values = Object.fromEntries(names.map((n) => [n, known[n] ?? `x_${n}`]));
      if (name === undefined) return concretePath(template, values);
      return concretePath(template, { ...values, [name]: 'PARAMETER' }).replace('PARAMETER', raw!);
    };

    before(async () => {
      service = await startTestService({ SLUICE_RATE_LIMIT_RPS: '1000000' }, { mode });
      await activeDefinition(service, echo);
      merchant = await createKey(service, 'merchant', 'mer_acme');
      // Disabled: no delivery appends to the log while the refusals are checked against it.
      const endpoint = await service.api.post('/v1/webhooks', service.admin, {
        merchant_id: 'mer_acme',
        url: 'http://127.0.0.1:9/hooks',
        disabled: true,
      });
      expect(endpoint.status, endpoint.text).to.equal(201);
      known.endpoint_id = endpoint.body.id as string;
      for (const order of ['o_1', 'o_2']) {
        const event = await service.api.post('/v1/events', service.admin, {
          type: 'order.created',
          merchant_id: 'mer_acme',
          data: { order_id: order },
        });
        expect(event.status, event.text).to.equal(201);
        known.event_id = event.body.id as string;
      }
      const run = await service.api.post(`/v1/processes/${echo.id}/runs`, service.admin, {
        merchant_id: 'mer_acme',
        input: { n: 1 },
        wait: { timeout_ms: 5000 },
      });
      expect(run.status, run.text).to.equal(200);
      known.instance_id = run.body.id as string;
      await settled(service);
    });
    after(() => service?.stop());

    /** The answers that were not the refusal expected: a failure lists every one of them. */
    let wrong: string[] = [];
    beforeEach(() => {
      wrong = [];
    });
    const noneWrong = () =>
      expect(
        wrong.length,
        `${wrong.length} answers were not a 400 that changed nothing:\n${wrong.slice(0, 80).join('\n')}`,
      ).to.equal(0);

    /** Refused with 400 validation_failed, as problem+json, and nothing appended to the log. */
    const refused = async (what: string, send: () => Promise<ApiResponse>) => {
      const before = await service.services.eventStore.headPosition();
      const res = await send();
      const problem = res.headers.get('content-type')?.startsWith('application/problem+json');
      if (res.status !== 400 || !problem || res.body.code !== 'validation_failed')
        wrong.push(`${what}: ${res.status} ${problem ? res.body.code : res.text.slice(0, 100)}`);
      else if ((await service.services.eventStore.headPosition()) !== before)
        wrong.push(`${what}: changed the log`);
      return res;
    };

    const send = (method: string, path: string, key = service.admin, body?: unknown) =>
      service.api.request(method, path, {
        key,
        ...((body !== undefined || isWrite(method)) && { body: body ?? {} }),
      });

    it('refuses it in every path parameter of every operation, as an admin and as a merchant', async () => {
      for (const op of guarded.filter((o) => o.template.includes('{'))) {
        for (const name of [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)) {
          const real = encodeURIComponent(known[name] ?? `x_${name}`);
          for (const value of ['%00', `${real}%00`, `%00${real}`]) {
            const path = pathOf(op.template, name, value);
            for (const key of [service.admin, merchant]) {
              await refused(`${op.method} ${path}`, () => send(op.method, path, key));
            }
          }
        }
      }
      noneWrong();
    });

    it('refuses it in every query parameter of every operation, and in a parameter’s name', async () => {
      for (const op of guarded) {
        const base = pathOf(op.template);
        for (const name of [...op.query, 'unknown']) {
          for (const value of ['%00', 'order.created%00', '%00mer_acme']) {
            const path = `${base}?${name}=${value}`;
            await refused(`${op.method} ${path}`, () => send(op.method, path));
          }
        }
        await refused(`${op.method} ${base}?%00=1`, () => send(op.method, `${base}?%00=1`));
      }
      noneWrong();
    });

    it('refuses a cursor of every list holding it, in its sort value or its id', async () => {
      const lists = guarded.filter((op) => op.method === 'GET' && op.query.includes('cursor'));
      expect(lists.length).to.be.at.least(7);
      for (const op of lists) {
        for (const cursor of [
          forgedCursor('2026-01-01T00:00:00.000Z\u0000', 'x'),
          forgedCursor('2026-01-01T00:00:00.000Z', 'evt_\u0000'),
          forgedCursor(1, '\u0000'),
        ]) {
          const path = `${pathOf(op.template)}?cursor=${cursor}`;
          const merchants = ACCESS[op.id]!.roles.includes('merchant') ? [merchant] : [];
          for (const key of [service.admin, ...merchants]) {
            await refused(`${op.method} ${path}`, () => send(op.method, path, key));
          }
        }
      }
      noneWrong();
    });

    it('refuses it in any string or key of a JSON body, naming where', async () => {
      const bodies: Array<[string, string, Record<string, unknown>, string]> = [
        [
          'POST',
          '/v1/webhooks',
          { url: 'http://127.0.0.1:9/hooks', description: 'a\u0000b' },
          'description',
        ],
        [
          'POST',
          '/v1/webhooks',
          { url: 'http://127.0.0.1:9/hooks', metadata: { 'k\u0000': 'v' } },
          'metadata.k\u0000',
        ],
        [
          'POST',
          `/v1/webhooks/${known.endpoint_id}`,
          { metadata: { k: ['v', '\u0000'] } },
          'metadata.k.1',
        ],
        [
          'POST',
          '/v1/events',
          { type: 'order.created', data: { lines: [{ sku: 'a\u0000' }] } },
          'data.lines.0.sku',
        ],
        ['POST', '/v1/events', { type: 'order.created', data: { '\u0000': 1 } }, 'data.\u0000'],
        ['POST', `/v1/processes/${echo.id}/runs`, { input: { n: '\u0000' } }, 'input.n'],
        ['POST', '/v1/api-keys', { role: 'auditor', name: '\u0000' }, 'name'],
        ['POST', '/v1/event-types', { name: 'sec.nul', description: 'a\u0000' }, 'description'],
        [
          'POST',
          '/v1/webhook-filters/test',
          { filter: 'data.x = "\u0000"', event: { type: 'order.created', data: {} } },
          'filter',
        ],
      ];
      for (const [method, path, body, at] of bodies) {
        const named = { ...body, merchant_id: 'mer_acme' };
        for (const [key, sent] of [
          [service.admin, path.includes('api-keys') || path.includes('event-types') ? body : named],
          [merchant, body],
        ] as const) {
          const what = `${method} ${path} ${JSON.stringify(sent)}`;
          const res = await refused(what, () => send(method, path, key, sent));
          const faults = (res.body.errors ?? []) as Array<{ path: string; message: string }>;
          if (res.status === 400 && !faults.some((f) => f.path === at && /U\+0000/.test(f.message)))
            wrong.push(`${what}: no fault at ${JSON.stringify(at)} (${JSON.stringify(faults)})`);
        }
      }
      // The one open write, before any key: a portal link's code.
      await refused('POST /v1/portal/exchange', () =>
        service.api.post('/v1/portal/exchange', undefined, { code: 'pc_\u0000' }),
      );
      noneWrong();
    });

    it('still answers the same requests without it', async () => {
      expect((await service.api.get('/healthz')).status).to.equal(200);
      const events = await service.api.get('/v1/events?type=order.created', merchant);
      expect(events.status, events.text).to.equal(200);
      expect(events.body.data).to.have.length(2);
      const type = await service.api.get('/v1/event-types/order.created', merchant);
      expect(type.status, type.text).to.equal(200);
      const audit = await service.api.get('/v1/audit/events?type=order.created', service.admin);
      expect(audit.status, audit.text).to.equal(200);
      const page = await service.api.get('/v1/events?merchant_id=mer_acme&limit=1', service.admin);
      const next = await service.api.get(
        `/v1/events?merchant_id=mer_acme&limit=1&cursor=${page.body.next_cursor as string}`,
        service.admin,
      );
      expect(next.status, next.text).to.equal(200);
    });
  });

nulSuite('SQLite (embedded)', 'embedded');
if (postgresUrl === undefined || postgresUrl === '')
  skipSuite(`${TITLE}, on PostgreSQL`, NO_POSTGRES);
else nulSuite('PostgreSQL', 'postgres');
