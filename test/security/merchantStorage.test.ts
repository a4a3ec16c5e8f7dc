import { expect } from 'chai';
import { createKey } from '../support/builders.js';
import { watchHealth } from '../support/healthWatch.js';
import { activeDefinition, definitionOf } from '../support/processes.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const HOARDER = 'mer_hoarder';
const QUIET = 'mer_quiet';
/** About 250 KB of a merchant's data, as the input of one run. */
const bulky = (tag: string) => ({ tag, blob: 'x'.repeat(250_000) });

const instancesOf = async (service: TestService, merchant: string) => {
  const listed = await service.api.get(
    `/v1/process-instances?merchant_id=${merchant}&limit=100`,
    service.admin,
  );
  expect(listed.status, listed.text).to.equal(200);
  return listed.body.data as Array<Record<string, unknown>>;
};

describe('what a merchant stores, and what one answer holds', function () {
  this.timeout(120_000);

  describe('with a bound on what a merchant writes', () => {
    let service: TestService;
    let hoarder: string;
    let quiet: string;

    before(async () => {
      // Eight megabytes a minute, a megabyte of it in large bodies: four such runs at once, then
      // one every 15 s.
      service = await startTestService({
        SLUICE_MERCHANT_WRITE_BYTES_PER_MIN: String(8 * 1024 * 1024),
        SLUICE_RATE_LIMIT_RPS: '100000',
      });
      await activeDefinition(
        service,
        definitionOf('storage.keep', [{ id: 'end', type: 'succeed' }]),
      );
      hoarder = await createKey(service, 'merchant', HOARDER);
      quiet = await createKey(service, 'merchant', QUIET);
    });
    after(() => service.stop());

    const runFor = (key: string, tag: string) =>
      service.api.post('/v1/processes/storage.keep/runs', key, { input: bulky(tag) });

    it('refuses a merchant’s writes past its bytes a minute with 429 and Retry-After, storing nothing', async () => {
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof runFor>> | undefined;
      for (let i = 0; i < 20 && !refused; i++) {
        const res = await runFor(hoarder, `run-${i}`);
        statuses.push(res.status);
        if (res.status === 429) refused = res;
      }
      expect(statuses.filter((s) => s === 201).length).to.equal(4);
      expect(refused, `statuses: ${statuses.join(',')}`).to.not.equal(undefined);
      expect(refused!.body.code).to.equal('rate_limited');
      expect(Number(refused!.headers.get('retry-after'))).to.be.within(1, 60);
      expect((await instancesOf(service, HOARDER)).length).to.equal(statuses.length - 1);
      // Published for the merchant by the platform counts against it too.
      const published = await service.api.post('/v1/events', service.admin, {
        type: 'order.created',
        merchant_id: HOARDER,
        data: bulky('event'),
      });
      expect(published.status, published.text.slice(0, 200)).to.equal(429);
    });

    it('leaves another merchant, and the platform’s own writes, as they were', async () => {
      for (let i = 0; i < 4; i++) expect((await runFor(quiet, `quiet-${i}`)).status).to.equal(201);
      const definition = await service.api.post(
        '/v1/process-definitions',
        service.admin,
        definitionOf('storage.other', [{ id: 'end', type: 'succeed' }]),
      );
      expect(definition.status, definition.text).to.equal(201);
    });
  });

  describe('lists of large instances', () => {
    let service: TestService;

    before(async () => {
      service = await startTestService({
        SLUICE_MERCHANT_WRITE_BYTES_PER_MIN: '0',
        SLUICE_RATE_LIMIT_RPS: '100000',
      });
      await activeDefinition(
        service,
        definitionOf(
          'storage.echo',
          [{ id: 'echo', type: 'transform', value: 'input' }],
          'steps.echo',
        ),
      );
      const key = await createKey(service, 'merchant', HOARDER);
      // Ten at a time, each waited for to its end.
      for (let batch = 0; batch < 10; batch++) {
        const runs = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            service.api.post('/v1/processes/storage.echo/runs', key, {
              input: bulky(`run-${batch}-${i}`),
              wait: { timeout_ms: 10_000 },
            }),
          ),
        );
        for (const res of runs) expect(res.status, res.text.slice(0, 200)).to.equal(200);
      }
    });
    after(() => service.stop());

    it('shows summaries in a page, bounded in bytes, and the whole instance on its own route', async () => {
      const health = watchHealth(service.url);
      try {
        await health.warmedUp();
        const pages = await Promise.all(
          [1, 2, 3].map(() =>
            service.api.get(
              `/v1/process-instances?merchant_id=${HOARDER}&limit=100`,
              service.admin,
            ),
          ),
        );
        for (const page of pages) {
          expect(page.status).to.equal(200);
          expect(page.body.data).to.have.length(100);
          expect(page.text.length, 'a page of a hundred summaries').to.be.below(100_000);
          expect(page.body.data[0]).to.not.have.any.keys('inputs', 'steps', 'result');
        }
        expect(health.worst(), `/healthz took ${Math.round(health.worst())} ms`).to.be.below(100);
      } finally {
        await health.stop();
      }
      const [first] = await instancesOf(service, HOARDER);
      const whole = await service.api.get(
        `/v1/process-instances/${first!.id as string}`,
        service.admin,
      );
      expect(whole.body.inputs.blob).to.have.length(250_000);
      expect(whole.body.result.output.blob).to.have.length(250_000);
    });
  });
});
