import { expect } from 'chai';
import { endpointWithSecret, publish } from '../support/delivery.js';
import type { ChildReceiver } from '../support/childReceiver.js';
import { startChildReceiver } from '../support/childReceiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const RATE = 20;
const EVENTS = 100;

/**
 * An endpoint's `rate_limit_per_s` as its receiver sees it: never more than the limit within any
 * second of arrivals, and, with a backlog waiting, close to the limit (at least 0.9 of it).
 */
describe('delivery: an endpoint’s rate limit, measured at its receiver', function () {
  this.timeout(30_000);
  let service: TestService | undefined;
  let receiver: ChildReceiver | undefined;
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    await receiver?.close();
  });

  it(`lets a backlog through at between 0.9 and 1 of ${RATE} a second, and never more in any second`, async () => {
    service = await startTestService();
    // In a process of its own: arrivals are read when they come, whatever the service is doing.
    receiver = await startChildReceiver();
    await endpointWithSecret(service, receiver.url, { rate_limit_per_s: RATE });
    for (let i = 0; i < EVENTS; i++) await publish(service, 'order.created', { i });
    const arrivals = (await receiver.waitFor(EVENTS, 20_000))
      .map((r) => r.at)
      .sort((a, b) => a - b);
    // Arrival i and arrival i - RATE: at least a second apart, or RATE + 1 came within one.
    const spans = arrivals.slice(RATE).map((at, i) => at - arrivals[i]!);
    const shortest = Math.min(...spans);
    const mean = spans.reduce((sum, span) => sum + span, 0) / spans.length;
    process.stdout.write(
      `      ${RATE} arrivals took at least ${shortest} ms, ${Math.round(mean)} ms on average: ${((1000 / mean) * RATE).toFixed(1)} a second\n`,
    );
    expect(shortest, `${RATE + 1} arrivals within one second`).to.be.at.least(1_000);
    expect(mean, 'the mean time of RATE arrivals, in ms').to.be.at.most(1_000 / 0.9);
  });
});
