import { expect } from 'chai';
import { createKey } from '../support/builders.js';
import { watchHealth } from '../support/healthWatch.js';
import { activeDefinition, run } from '../support/processes.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const HOSTILE = 'mer_hostile';
const DEFINITION = 'sec.evil_patterns';

/** Patterns that backtrack for minutes on a few dozen characters, in `pattern` and `patternProperties`. */
const evilDefinition = {
  id: DEFINITION,
  name: 'Evil patterns',
  input_schema: {
    type: 'object',
    properties: { code: { type: 'string', pattern: '^(a|a)*$' } },
    patternProperties: { '(a+)+$': { type: 'integer' } },
  },
  steps: [{ id: 'done', type: 'succeed' }],
};

const a = (n: number) => 'a'.repeat(n);

/** Waits until every instance has ended: the executor's work is then done. */
const settled = async (service: TestService) => {
  for (let tries = 0; tries < 100; tries++) {
    const res = await service.api.get('/v1/process-instances?limit=100', service.admin);
    const statuses = (res.body.data as Array<{ status: string }>).map((i) => i.status);
    if (statuses.every((status) => status === 'completed')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect.fail('the instances did not end');
};

/** Inputs and their answers, the shortest first: a backtracking engine is already stuck on it. */
const CASES: Array<[Record<string, unknown>, number]> = [
  [{ code: `${a(26)}!` }, 422],
  [{ code: `${a(1_000)}!` }, 422],
  [{ code: `${a(10_000)}!` }, 422],
  [{ code: a(10_000) }, 201],
  [{ [`${a(30)}!`]: 'any' }, 201],
  [{ [`${a(10_000)}!`]: 'any' }, 201],
  [{ [a(10_000)]: 'not an integer' }, 422],
  [{ [a(10_000)]: 7 }, 201],
];

describe('hostile input schemas: evil patterns stall neither a run nor the service', function () {
  this.timeout(60_000);
  let service: TestService;
  let merchant: string;

  before(async () => {
    service = await startTestService({ SLUICE_RATE_LIMIT_RPS: '1000000' });
    await activeDefinition(service, evilDefinition);
    merchant = await createKey(service, 'merchant', HOSTILE);
  });

  after(async () => {
    await service?.stop();
  });

  it('answers each evil input within 1 s while /healthz answers under 50 ms', async () => {
    // The first runs compile the schema, start the executor and bring the engines' code to full
    // speed (a first long input runs interpreted): no input's cost, and not what is measured here.
    const warmUp: Array<[Record<string, unknown>, number]> = [
      [{ code: a(10_000) }, 201],
      [{ [a(10_000)]: 7 }, 201],
      [{ code: 'ab' }, 422],
    ];
    for (const [input, status] of warmUp) {
      expect((await run(service, DEFINITION, { input }, merchant)).status).to.equal(status);
    }
    await settled(service);
    const health = watchHealth(service.url);
    try {
      await health.warmedUp();
      for (const [i, [input, status]] of CASES.entries()) {
        const started = performance.now();
        const res = await run(service, DEFINITION, { input }, merchant);
        const ms = performance.now() - started;
        expect(res.status, `case ${i}: ${res.text.slice(0, 300)}`).to.equal(status);
        if (status === 422) expect(res.body.code).to.equal('input_invalid');
        expect(ms, `case ${i} answered in ${Math.round(ms)} ms`).to.be.below(1_000);
        expect(
          health.worst(),
          `by case ${i}, /healthz took ${Math.round(health.worst())} ms`,
        ).to.be.below(50);
      }
    } finally {
      await health.stop();
    }
  });

  it('refuses at publication a pattern that needs backtracking, and a 500,000-character one', async () => {
    const publish = (input_schema: Record<string, unknown>) =>
      service.api.post('/v1/process-definitions', service.admin, {
        ...evilDefinition,
        input_schema,
      });
    const backreference = await publish({ properties: { code: { pattern: '^(a+)\\1$' } } });
    expect(backreference.status, backreference.text).to.equal(400);
    expect(backreference.body.errors).to.deep.equal([
      {
        path: 'input_schema.properties.code.pattern',
        message: 'uses a backreference, which no linear-time engine can check',
      },
    ]);
    const hugeSchema = { properties: { code: { pattern: a(500_000) } } };
    const huge = await publish(hugeSchema);
    expect(huge.status, huge.text.slice(0, 300)).to.equal(400);
    expect(huge.body.errors).to.deep.equal([
      {
        path: 'input_schema',
        message: `must be at most 65536 bytes as JSON, not ${JSON.stringify(hugeSchema).length}`,
      },
    ]);
    expect(huge.text.length, 'the answer does not echo the pattern').to.be.below(2_000);
  });
});
