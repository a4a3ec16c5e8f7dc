import { expect } from 'chai';
import { receiverPool } from '../../support/receiver.js';
import { activeDefinition, definitionOf, endedInstance, run } from '../../support/processes.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

type StepView = { id: string; status: string; output?: unknown; lanes?: LaneView[] };
type LaneView = { lane: string; index: number; steps: StepView[] };

describe('parallel and map: lanes beside the main line', function () {
  this.timeout(30_000);
  let service: TestService;
  const receivers = receiverPool();
  before(async () => {
    service = await startTestService();
  });
  after(async () => {
    await service.stop();
    await receivers.closeAll();
  });

  const ended = (id: string) => endedInstance(service, id);

  it('runs every branch of a parallel: the output is their last outputs, in branch order', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'lanes.parallel',
        [
          {
            id: 'split',
            type: 'parallel',
            branches: [
              {
                steps: [
                  { id: 'a1', type: 'transform', value: 'input.n + 1' },
                  { id: 'a2', type: 'transform', value: 'steps.a1 * 10' },
                ],
              },
              { steps: [{ id: 'b1', type: 'transform', value: '"b"' }] },
            ],
          },
          { id: 'after', type: 'transform', value: 'steps.split' },
        ],
        'steps.after',
      ),
    );
    const res = await run(service, 'lanes.parallel', {
      input: { n: 1 },
      wait: { timeout_ms: 10_000 },
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.result).to.deep.equal({ output: [20, 'b'] });
    const split = (res.body.steps as StepView[])[0]!;
    expect(split).to.include({ id: 'split', status: 'completed' });
    expect(split.lanes!.map((lane) => lane.lane)).to.deep.equal(['split[0]', 'split[1]']);
    expect(split.lanes![0]!.steps.map((s) => `${s.id}:${s.status}`)).to.deep.equal([
      'a1:completed',
      'a2:completed',
    ]);
  });

  it('fails a parallel with its first failing branch, which its catch takes', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'lanes.parallel-fails',
        [
          {
            id: 'split',
            type: 'parallel',
            branches: [
              { steps: [{ id: 'ok', type: 'transform', value: '1' }] },
              { steps: [{ id: 'boom', type: 'fail', code: 'out_of_stock', message: 'none left' }] },
            ],
            catch: [{ on: ['out_of_stock'], next: 'recover' }],
          },
          { id: 'done', type: 'succeed' },
          { id: 'recover', type: 'transform', value: 'steps.split.error' },
        ],
        'steps.recover',
      ),
    );
    const res = await run(service, 'lanes.parallel-fails', { input: {} });
    const end = await ended(res.body.id as string);
    expect(end.status).to.equal('completed');
    expect(end.result.output).to.deep.equal({
      code: 'out_of_stock',
      message: 'split[1]: none left',
    });
    const split = (end.steps as StepView[])[0]!;
    expect(split.status).to.equal('failed');
    expect(split.lanes![1]!.steps[0]).to.include({ id: 'boom', status: 'failed' });
  });

  it('stops the other branches when one fails, however many steps they have left', async () => {
    await activeDefinition(
      service,
      definitionOf(
        'lanes.uneven',
        [
          {
            id: 'split',
            type: 'map',
            items: '[1, 2, 3, 4, 5, 6]',
            max_concurrency: 2,
            steps: [
              { id: 'check', type: 'choice', branches: [{ when: 'item = 2', next: 'boom' }] },
              { id: 'one', type: 'transform', value: 'item' },
              { id: 'two', type: 'transform', value: 'item', next: 'done' },
              { id: 'boom', type: 'fail', code: 'bad_line' },
              { id: 'done', type: 'transform', value: 'steps.two' },
            ],
            catch: [{ on: ['bad_line'], next: 'recover' }],
          },
          { id: 'end', type: 'succeed' },
          { id: 'recover', type: 'transform', value: 'steps.split.error.code' },
        ],
        'steps.recover',
      ),
    );
    const end = await ended((await run(service, 'lanes.uneven', { input: {} })).body.id);
    expect(end.status).to.equal('completed');
    expect(end.result).to.deep.equal({ output: 'bad_line' });
    const split = (end.steps as StepView[])[0]!;
    expect(split.status).to.equal('failed');
    // Runs not begun when run 2 failed never began.
    expect(split.lanes!.length).to.be.below(6);
  });

  it('shows a branch waiting on its delay as stopped once another branch fails the instance', async () => {
    await activeDefinition(
      service,
      definitionOf('lanes.delay-and-fail', [
        {
          id: 'split',
          type: 'parallel',
          branches: [
            { steps: [{ id: 'pause', type: 'delay', duration_ms: 600_000 }] },
            {
              steps: [
                { id: 'settle', type: 'delay', duration_ms: 50 },
                { id: 'boom', type: 'fail', code: 'out_of_stock' },
              ],
            },
          ],
        },
      ]),
    );
    const end = await ended((await run(service, 'lanes.delay-and-fail', { input: {} })).body.id);
    expect(end.status).to.equal('failed');
    const split = (end.steps as StepView[])[0]!;
    expect(split.status).to.equal('failed');
    expect(split.lanes![0]!.steps.map((s) => `${s.id}:${s.status}`)).to.deep.equal([
      'pause:stopped',
    ]);
    expect(split.lanes![1]!.steps.map((s) => `${s.id}:${s.status}`)).to.deep.equal([
      'settle:completed',
      'boom:failed',
    ]);
  });

  it('maps over 50 items calling a service, never more than max_concurrency in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const service50 = await receivers.start((_n, received) => ({
      respond: (res) => {
        inFlight++;
        most = Math.max(most, inFlight);
        setTimeout(() => {
          inFlight--;
          const doubled = (received.body as unknown as { n: number }).n * 2;
          res.writeHead(200, { 'content-type': 'application/json' }).end(`{"doubled":${doubled}}`);
        }, 20);
      },
    }));
    await activeDefinition(
      service,
      definitionOf(
        'lanes.map-http',
        [
          {
            id: 'each',
            type: 'map',
            items: 'input.lines',
            max_concurrency: 5,
            steps: [
              {
                id: 'price',
                type: 'http',
                method: 'POST',
                url: service50.url,
                body: '{ "n": item, "at": index }',
              },
              { id: 'value', type: 'transform', value: 'steps.price.body.doubled' },
            ],
          },
        ],
        'steps.each',
      ),
    );
    const lines = Array.from({ length: 50 }, (_, i) => i + 1);
    const res = await run(service, 'lanes.map-http', { input: { lines } });
    const end = await ended(res.body.id as string);
    expect(end.status, JSON.stringify(end.error)).to.equal('completed');
    expect(end.result.output).to.deep.equal(lines.map((n) => n * 2));
    expect(service50.received).to.have.length(50);
    expect(most).to.be.at.most(5);
    expect(most).to.be.at.least(2);
    const each = (end.steps as StepView[])[0]!;
    expect(each.lanes).to.have.length(50);
    expect(each.lanes![49]!.steps.map((s) => s.id)).to.deep.equal(['price', 'value']);
  });

  it('retries a run’s failing call on the timer and waits out a branch’s delay, the others going on', async () => {
    const failedOnce = new Set<number>();
    const flaky = await receivers.start((_n, received) => {
      const n = (received.body as unknown as { n: number }).n;
      if (!failedOnce.has(n)) {
        failedOnce.add(n);
        return { status: 503 };
      }
      return { status: 200, headers: { 'content-type': 'application/json' }, body: `{"n":${n}}` };
    });
    await activeDefinition(
      service,
      definitionOf(
        'lanes.timers',
        [
          {
            id: 'both',
            type: 'parallel',
            branches: [
              {
                steps: [
                  {
                    id: 'each',
                    type: 'map',
                    items: '[1, 2, 3, 4, 5, 6]',
                    max_concurrency: 3,
                    steps: [
                      {
                        id: 'call',
                        type: 'http',
                        method: 'POST',
                        url: flaky.url,
                        body: '{ "n": item }',
                        retry: { max_attempts: 3, backoff_ms: 50 },
                      },
                      { id: 'got', type: 'transform', value: 'steps.call.body.n' },
                    ],
                  },
                ],
              },
              {
                steps: [
                  { id: 'pause', type: 'delay', duration_ms: 300 },
                  { id: 'woke', type: 'transform', value: '"woke"' },
                ],
              },
            ],
          },
        ],
        'steps.both',
      ),
    );
    const startedAt = Date.now();
    const res = await run(service, 'lanes.timers', { input: {} });
    const end = await ended(res.body.id as string);
    expect(end.status, JSON.stringify(end.error)).to.equal('completed');
    expect(end.result.output).to.deep.equal([[1, 2, 3, 4, 5, 6], 'woke']);
    expect(flaky.received).to.have.length(12);
    expect(Date.parse(end.completed_at as string) - startedAt).to.be.at.least(300);
    const each = (end.steps as StepView[])[0]!.lanes![0]!.steps[0]!;
    expect(each.lanes![0]!.steps[0]).to.include({ id: 'call', status: 'completed', attempt: 2 });
  });

  it('fails a map over more than 1,000 items with too_many_items; takes a single match as a list of one', async function () {
    // A thousand lanes are some thousands of events: on a busy 2-core machine, more than 10 s.
    this.timeout(90_000);
    await activeDefinition(
      service,
      definitionOf('lanes.map-many', [
        {
          id: 'each',
          type: 'map',
          items: '[1..input.count]',
          steps: [{ id: 'same', type: 'transform', value: 'item' }],
        },
      ]),
    );
    const many = await ended(
      (await run(service, 'lanes.map-many', { input: { count: 1001 } })).body.id,
    );
    expect(many.error).to.include({ code: 'too_many_items', step_id: 'each' });
    const thousand = await endedInstance(
      service,
      (await run(service, 'lanes.map-many', { input: { count: 1000 } })).body.id,
      60_000,
    );
    expect(thousand.status).to.equal('completed');
    // JSONata gives a single match as itself, and none as nothing: a list of one, and of none.
    await activeDefinition(
      service,
      definitionOf(
        'lanes.map-single',
        [
          {
            id: 'each',
            type: 'map',
            items: 'input.orders[total > 10]',
            steps: [{ id: 'id', type: 'transform', value: 'item.id' }],
          },
        ],
        'steps.each',
      ),
    );
    const one = await ended(
      (
        await run(service, 'lanes.map-single', {
          input: {
            orders: [
              { id: 'a', total: 20 },
              { id: 'b', total: 5 },
            ],
          },
        })
      ).body.id,
    );
    expect(one.result).to.deep.equal({ output: ['a'] });
    const none = await ended(
      (await run(service, 'lanes.map-single', { input: { orders: [{ id: 'b', total: 5 }] } })).body
        .id,
    );
    expect(none.result).to.deep.equal({ output: [] });
  });

  it('refuses at publish a branch whose next leaves it, and a branch step that waits, at their paths', async () => {
    const refused = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      definitionOf('lanes.bad', [
        {
          id: 'split',
          type: 'parallel',
          branches: [
            { steps: [{ id: 'a', type: 'transform', value: '1', next: 'outside' }] },
            { steps: [{ id: 'b', type: 'user_action' }] },
          ],
        },
        { id: 'outside', type: 'succeed' },
      ]),
    );
    expect(refused.status, refused.text).to.equal(400);
    expect((refused.body.errors as Array<{ path: string }>).map((e) => e.path)).to.deep.equal([
      'steps.0.branches.0.steps.0.next',
      'steps.0.branches.1.steps.0.type',
    ]);
  });
});
