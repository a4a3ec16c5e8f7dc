import { expect } from 'chai';
import { createKey } from '../support/builders.js';
import { activeDefinition, doubling, instance, run } from '../support/processes.js';
import { tempDir } from '../support/tempDir.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const EVIL = 'mer_evil';
const GOOD = 'mer_good';

const definition = (id: string, steps: unknown[]) => ({
  id,
  name: id,
  input_schema: { type: 'object' },
  steps,
});

/** Definitions a careless or hostile platform might publish, each with what its run must come to. */
const HOSTILE = [
  {
    body: definition('hostile.pad', [
      { id: 'blow', type: 'transform', value: '$pad("x", input.width)' },
    ]),
    input: { width: 300_000_000 },
    outcome: { status: 'failed', code: 'expression_output_too_large' },
  },
  {
    body: definition('hostile.loop', [
      {
        id: 'spin',
        type: 'transform',
        value: '"never"',
        if: '($f := function($n){ $f($n + 1) }; $f(0))',
      },
    ]),
    input: {},
    outcome: { status: 'failed', code: 'expression_timeout' },
  },
  {
    body: definition('hostile.emit', [
      {
        id: 'shout',
        type: 'emit',
        event_type: 'extension.shouted',
        data: '{ "blob": $pad("", 200000, "x") & $pad("", 200000, "y") }',
      },
    ]),
    input: {},
    outcome: { status: 'failed', code: 'expression_output_too_large' },
  },
  {
    // Backtracks for minutes on a native RegExp; linear on RE2.
    body: definition('hostile.regex', [
      { id: 'match', type: 'transform', value: '$match(input.s, /(a+)+$/)' },
    ]),
    input: { s: `${'a'.repeat(30)}!` },
    outcome: { status: 'completed' },
  },
];

const STAGGER_MS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Times `GET /healthz` about every 20 ms until stopped. */
const sampleHealth = (url: string) => {
  const took: number[] = [];
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      const started = performance.now();
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      took.push(performance.now() - started);
      await sleep(20);
    }
  })();
  return async () => {
    sampling = false;
    await sampled;
    return took;
  };
};

describe('hostile expressions in process definitions', function () {
  this.timeout(60_000);
  const dir = tempDir();
  let service: TestService;
  let evilKey: string;
  let goodKey: string;

  before(async () => {
    service = await startTestService({}, { dataDir: dir.path });
    evilKey = await createKey(service, 'merchant', EVIL);
    goodKey = await createKey(service, 'merchant', GOOD);
    for (const { body } of HOSTILE) await activeDefinition(service, body);
    await activeDefinition(service, doubling('benign.double'));
  });
  after(async () => {
    await service.close();
    dir.remove();
  });

  /**
   * Every hostile run as the hostile merchant, then a benign one as another, while they run. Each
   * starts a little after the one before: what is measured is the evaluations, not a burst of
   * requests on the test's own event loop.
   */
  const runAll = async () => {
    const runs = HOSTILE.map(async ({ body, input }, n) => {
      await sleep(n * STAGGER_MS);
      const started = Date.now();
      const res = await run(service, body.id, { input, wait: { timeout_ms: 10_000 } }, evilKey);
      return { id: body.id, res, tookMs: Date.now() - started };
    });
    const benign = sleep(HOSTILE.length * STAGGER_MS).then(() =>
      run(service, 'benign.double', { input: { n: 21 }, wait: { timeout_ms: 10_000 } }, goodKey),
    );
    const [ran, good] = await Promise.all([Promise.all(runs), benign]);
    for (const [n, { id, res, tookMs }] of ran.entries()) {
      expect(res.status, `${id}: ${res.text}`).to.equal(200);
      const { outcome } = HOSTILE[n]!;
      expect(res.body.status, `${id}: ${res.text}`).to.equal(outcome.status);
      if (outcome.code) {
        expect(res.body.error.code, id).to.equal(outcome.code);
        expect(res.body.error.message, id).to.be.a('string').and.not.empty;
      }
      expect(tookMs, id).to.be.below(5_000);
    }
    expect(good.status, good.text).to.equal(200);
    expect(good.body.status).to.equal('completed');
    expect(good.body.result.output).to.deep.equal({ doubled: 42 });
  };

  it("fails each hostile run with its code, and completes another merchant's run", runAll);

  it('keeps /healthz under 50 ms throughout the hostile runs', async () => {
    // Measured on a warm service (the evaluators are started as work comes: see the test above).
    const stopSampling = sampleHealth(service.url);
    await runAll();
    const took = await stopSampling();
    expect(took.length).to.be.above(10);
    const slowest = Math.max(...took);
    expect(slowest, `/healthz took ${took.map(Math.round).join(', ')} ms`).to.be.below(50);
  });

  it('refuses, at publish, a regex that cannot run in linear time and an over-long expression', async () => {
    const refused = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      definition('hostile.backreference', [
        { id: 'echo', type: 'transform', value: '$match(input.s, /(a+)\\1$/)' },
        { id: 'long', type: 'transform', value: `"${'a'.repeat(10_000)}"` },
      ]),
    );
    expect(refused.status, refused.text).to.be.within(400, 422);
    const errors = refused.body.errors as Array<{ path: string; message: string }>;
    expect(errors.map((e) => e.path)).to.have.members(['steps.0.value', 'steps.1.value']);
    expect(errors.find((e) => e.path === 'steps.0.value')!.message).to.match(/linear time/);
  });

  it('restarts on the same data cleanly: a failed run stays failed and is not run again', async () => {
    const failed = await run(
      service,
      'hostile.pad',
      { input: { width: 300_000_000 }, wait: { timeout_ms: 10_000 } },
      evilKey,
    );
    expect(failed.body.status, failed.text).to.equal('failed');
    await service.close();
    service = await startTestService({}, { dataDir: dir.path });
    expect((await service.api.get('/healthz')).status).to.equal(200);
    const after = await instance(service, failed.body.id as string);
    expect(after.status).to.equal('failed');
    expect(after.error.code).to.equal('expression_output_too_large');
  });
});
