import { expect } from 'chai';
import fc from 'fast-check';
import { openApiDocument } from '../../src/openapi/document.js';
import type { SecurityFixture } from './fixture.js';
import { OWNER, settled, startSecurityFixture } from './fixture.js';
import type { RawBody } from './hostile.js';
import { encodeComponent, hostileBody, hostileString, oversizedBody } from './hostile.js';
import type { Operation } from './operations.js';
import { ACCESS, documentOperations, isWrite, pathValues } from './operations.js';

/** Requests in all, spread over the operations; raise it for a longer hunt. */
const RUNS = Number(process.env.SLUICE_FUZZ_RUNS ?? 3000);
const SEED = process.env.SLUICE_FUZZ_SEED ? Number(process.env.SLUICE_FUZZ_SEED) : undefined;

type Schema = { $ref?: string; properties?: Record<string, unknown> };
const document = openApiDocument();

/** The top-level fields of an operation's JSON body, from the document. */
const bodyFields = (op: Operation): string[] => {
  const item = (document.paths as Record<string, Record<string, any>>)[op.template]![
    op.method.toLowerCase()
  ];
  let schema = item.requestBody?.content?.['application/json']?.schema as Schema | undefined;
  if (schema?.$ref)
    schema = (document.components.schemas as Record<string, Schema>)[schema.$ref.split('/').pop()!];
  return Object.keys(schema?.properties ?? {});
};

type Fuzzed = {
  key: 'admin' | 'owner';
  path: Record<string, string>;
  query: Array<[string, string]>;
  body?: RawBody;
  idempotencyKey?: string;
};

/**
 * The bad-input fuzzer (issue 9): for every operation of the OpenAPI document, requests with
 * hostile path parameters, query parameters, bodies, content types and headers. None may fail
 * with a 5xx; every 4xx is a problem+json of the documented shape (the API client checks each
 * answer against the document) and leaves nothing behind in the log.
 */
describe('bad input: a fuzzer driven by the OpenAPI document', function () {
  this.timeout(600_000);
  let fx: SecurityFixture;
  let sent = 0;

  before(async () => {
    fx = await startSecurityFixture();
    await settled(fx.service);
  });
  after(() => fx?.stop());

  const arbitraryFor = (op: Operation): fc.Arbitrary<Fuzzed> => {
    const valid = pathValues(fx.resources);
    const names = [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const access = ACCESS[op.id];
    const sample: Record<string, unknown> = {
      ...access?.sample?.(fx.resources, fx.receiver.url).body,
      ...(access?.named && { merchant_id: OWNER }),
    };
    const queryNames = [...op.query, 'unknown', 'limit[]', '%zz', '__proto__', 'constructor', ''];
    return fc.record(
      {
        key: fc.constantFrom('admin' as const, 'admin' as const, 'owner' as const),
        path: fc.record(
          Object.fromEntries(
            names.map((n) => [
              n,
              fc.oneof(
                { weight: 3, arbitrary: fc.constant(valid[n]!) },
                {
                  weight: 2,
                  // An empty segment names another route (the list, with a trailing slash).
                  arbitrary: hostileString.filter((v) => v !== '' && v !== '.' && v !== '..'),
                },
              ),
            ]),
          ),
        ),
        query: fc.array(fc.tuple(fc.constantFrom(...queryNames), hostileString), { maxLength: 4 }),
        body: isWrite(op.method)
          ? fc.oneof(
              { weight: 200, arbitrary: hostileBody(bodyFields(op), sample) },
              { weight: 1, arbitrary: fc.constant(oversizedBody) },
            )
          : fc.constant(undefined),
        idempotencyKey: fc.constantFrom(undefined, undefined, '', ' ', 'k'.repeat(300), 'é', 'a b'),
      },
      { requiredKeys: ['key', 'path', 'query'] },
    );
  };

  const send = async (op: Operation, input: Fuzzed) => {
    const requestId = `fuzz-${++sent}`;
    const path =
      op.template.replace(/\{([^}]+)\}/g, (_, n: string) => encodeComponent(input.path[n]!)) +
      (input.query.length > 0
        ? `?${input.query.map(([k, v]) => `${k === '%zz' ? k : encodeComponent(k)}=${encodeComponent(v)}`).join('&')}`
        : '');
    const before = await fx.service.services.eventStore.headPosition();
    const res = await fx.service.api.request(op.method, path, {
      key: input.key === 'admin' ? fx.keys.admin : fx.keys.owner,
      ...(input.body && { raw: input.body.raw }),
      headers: {
        'x-request-id': requestId,
        ...(input.body?.contentType !== undefined && { 'content-type': input.body.contentType }),
        ...(input.idempotencyKey !== undefined && { 'idempotency-key': input.idempotencyKey }),
      },
    });
    const what = `${op.method} ${path.slice(0, 300)} (${requestId}): ${res.status} ${res.text.slice(0, 500)}`;
    expect(res.status, what).to.be.below(500);
    if (res.status < 400) return;
    expect(res.headers.get('content-type'), what).to.match(/^application\/problem\+json/);
    expect(res.body, what).to.include({ status: res.status });
    // A request whose headers overflow the parser is answered before its request id is read.
    if (res.status !== 431) expect(res.body.request_id, what).to.equal(requestId);
    // Nothing of this request reached the log (others, deliveries say, may have meanwhile).
    const after = await fx.service.services.eventStore.headPosition();
    if (after === before) return;
    const { events } = await fx.service.services.eventStore.readAll({
      ...(before !== undefined && { after: before }),
      limit: 1000,
    });
    const caused = events.filter(
      (e) => e.metadata.request_id === requestId || e.metadata.correlation_id === requestId,
    );
    expect(
      caused.map((e) => e.type),
      `${what} left events behind`,
    ).to.deep.equal([]);
  };

  it('never answers 5xx, and refuses with a documented problem that changes nothing', async () => {
    const operations = documentOperations().sort(
      (a, b) => Number(!!ACCESS[a.id]?.destroys) - Number(!!ACCESS[b.id]?.destroys),
    );
    const perOperation = Math.max(10, Math.ceil(RUNS / operations.length));
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(arbitraryFor(op), (input) => send(op, input)),
        { numRuns: perOperation, endOnFailure: true, ...(SEED !== undefined && { seed: SEED }) },
      );
    }
    expect(sent).to.be.at.least(operations.length * 10);
  });
});
