import { expect } from 'chai';
import { createKey } from '../support/builders.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const EVIL = 'mer_evil';
const GOOD = 'mer_good';

/** Filters a careless or hostile merchant might set, each of which must cost it its events only. */
const HOSTILE = {
  // Backtracks for minutes on a native RegExp; linear on RE2.
  regex: '$contains(data.s, /(a+)+$/)',
  // Would build a string of 300 million characters.
  pad: '$pad("x", 300000000) = "x"',
  // Ten million numbers at once: more than an evaluator's heap.
  allocation: '$count([1..10000000]) > 0',
  // Never ends, one node after another.
  loop: '($f := function($n){ $f($n + 1) }; $f(0))',
  // Never ends inside one node, where only a kill stops it.
  stuck: '$count($distinct(data.xs)) > 0',
};

const hostileData = {
  s: `${'a'.repeat(30)}!`,
  xs: Array.from({ length: 20_000 }, (_, i) => i),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The filter errors counted so far, every code together, as GET /metrics shows them. */
const filterErrors = async (service: TestService): Promise<number> =>
  (await service.api.get('/metrics')).text
    .split('\n')
    .filter((line) => line.startsWith('sluice_webhook_filter_errors_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);

describe('hostile endpoint filters', function () {
  this.timeout(60_000);
  let service: TestService;
  let receiver: TestReceiver;
  let evilKey: string;
  let goodKey: string;

  before(async () => {
    receiver = await startTestReceiver();
    // Bodies of hostile data, many of them: what the filters make of them is tested here, not
    // the bound on what a merchant sends (merchantStorage.test.ts).
    service = await startTestService({ SLUICE_MERCHANT_WRITE_BYTES_PER_MIN: '0' });
    evilKey = await createKey(service, 'merchant', EVIL);
    goodKey = await createKey(service, 'merchant', GOOD);
    for (const [name, filter] of Object.entries(HOSTILE)) {
      const res = await service.api.post('/v1/webhooks', evilKey, {
        url: `${receiver.url}/evil/${name}`,
        filter,
      });
      expect(res.status, `${name}: ${res.text}`).to.equal(201);
    }
    for (const [name, filter] of [
      ['linear', 'data.amount > 100'],
      ['evaluated', 'data.items[price > 10].sku = "b"'],
    ]) {
      const res = await service.api.post('/v1/webhooks', goodKey, {
        url: `${receiver.url}/good/${name}`,
        filter,
      });
      expect(res.status, `${name}: ${res.text}`).to.equal(201);
    }
  });
  after(async () => {
    await service.stop();
    await receiver.close();
  });

  const publish = (id: string, merchantId: string, data: Record<string, unknown>) =>
    service.api.post('/v1/events', service.admin, {
      id,
      type: 'order.created',
      merchant_id: merchantId,
      data,
    });

  /**
   * The hostile merchant's events and the good one's, interleaved, some at once: answers how long
   * each of the good merchant's deliveries took from its publish, once all have arrived.
   */
  const round = async (name: string, events: number): Promise<number[]> => {
    const goodData = { amount: 150, items: [{ sku: 'b', price: 20 }] };
    const sentAt = new Map<string, number>();
    const first = receiver.received.length;
    await Promise.all(
      Array.from({ length: events }, async (_, n) => {
        await sleep(n * 50);
        const evil = await publish(`evt_evil_${name}_${n}`, EVIL, hostileData);
        expect(evil.status, evil.text).to.equal(201);
        sentAt.set(`evt_good_${name}_${n}`, Date.now());
        const good = await publish(`evt_good_${name}_${n}`, GOOD, goodData);
        expect(good.status, good.text).to.equal(201);
      }),
    );
    // Each good event goes to both of the good merchant's endpoints; the hostile ones to none.
    await receiver.waitFor(first + events * 2, 10_000);
    await sleep(300);
    const arrived = receiver.received.slice(first);
    expect(arrived.filter((r) => r.path.includes('/evil/'))).to.deep.equal([]);
    expect(arrived).to.have.length(events * 2);
    return arrived.map((r) => r.at - sentAt.get(r.body.id)!);
  };

  it("costs the hostile merchant its events, and does not hold up another merchant's", async () => {
    const before = await filterErrors(service);
    // At first, each hostile filter runs to its bounds (of time, memory or size), one at a time.
    const first = await round('first', 6);
    expect(Math.max(...first), `${first.join(', ')} ms`).to.be.below(4_000);
    // Then they and their merchant are held back: they cost the planning nothing (run each time,
    // they would cost the good merchant's events some 2 s here, more with more hostile events).
    const then = await round('then', 6);
    expect(Math.max(...then), `${then.join(', ')} ms`).to.be.below(1_000);
    // Every hostile filter fails on every hostile event, but the regex, which runs in linear time
    // and matches nothing (until its merchant is held back: it then fails too).
    // The last hostile events may still be planning as the good ones arrive.
    const deadline = Date.now() + 5_000;
    while ((await filterErrors(service)) - before < 12 * 4 && Date.now() < deadline)
      await sleep(50);
    expect((await filterErrors(service)) - before).to.be.within(12 * 4, 12 * 5);
    expect((await service.api.get('/healthz')).status).to.equal(200);
  });

  it('answers the filter tester on a hostile filter within its bounds', async () => {
    for (const [name, filter] of Object.entries(HOSTILE)) {
      const started = Date.now();
      const res = await service.api.post('/v1/webhook-filters/test', evilKey, {
        filter,
        event: { type: 'order.created', data: hostileData },
      });
      expect(res.status, `${name}: ${res.text}`).to.equal(200);
      expect(res.body.matches, name).to.equal(false);
      expect(Date.now() - started, name).to.be.below(2_000);
    }
  });
});
