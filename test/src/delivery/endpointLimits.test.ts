import { expect } from 'chai';
import type { EndpointLimits } from '../../../src/delivery/endpointLimits.js';
import { RATE_WINDOW_MS, endpointLimits } from '../../../src/delivery/endpointLimits.js';

/** Each endpoint of these tests is its own merchant's, unless a test says otherwise. */
const merchantOf = (endpointId: string) => `mer_${endpointId}`;

/** A request that takes its slot and goes on the wire at once, as the clock `now` reads. */
const start = (limits: EndpointLimits, endpointId: string, rate: number | null): boolean => {
  const acquired = limits.tryAcquire(endpointId, merchantOf(endpointId), rate);
  if (acquired) limits.sent(endpointId, clockNow());
  return acquired;
};
let clockNow: () => number = () => 0;

describe('endpoint limits', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
    clockNow = now;
  });

  it('caps attempts in flight overall and per endpoint, and says which cap turned one away', () => {
    const limits = endpointLimits({ global: 3, perMerchant: 3, perEndpoint: 2 }, now);
    expect(limits.tryAcquire('a', merchantOf('a'), null)).to.equal(true);
    expect(limits.tryAcquire('a', merchantOf('a'), null)).to.equal(true);
    expect(limits.tryAcquire('a', merchantOf('a'), null)).to.equal(false);
    expect(limits.refusal('a', merchantOf('a'))).to.equal('slots');
    expect(limits.refusal('b', merchantOf('b'))).to.equal(null);
    expect(limits.tryAcquire('b', merchantOf('b'), null)).to.equal(true);
    expect(limits.globalFull()).to.equal(true);
    expect(limits.tryAcquire('c', merchantOf('c'), null)).to.equal(false);
    expect(limits.refusal('c', merchantOf('c'))).to.equal('global');
    limits.release('a');
    expect(limits.refusal('a', merchantOf('a'))).to.equal(null);
    expect(limits.tryAcquire('c', merchantOf('c'), null)).to.equal(true);
    expect(limits.inFlight()).to.equal(3);
  });

  it('keeps an endpoint to its rate in any window, and says to look again once starts leave it', () => {
    const limits = endpointLimits({ global: 100, perMerchant: 100, perEndpoint: 100 }, now);
    const first = clock;
    for (let i = 0; i < 4; i++) {
      expect(start(limits, 'a', 4)).to.equal(true);
      limits.release('a');
      clock += 100;
    }
    // Four starts within the window: a fifth waits until all four have left it (four a second:
    // look again when all four may go, not at each one).
    expect(start(limits, 'a', 4)).to.equal(false);
    expect(limits.refusal('a', merchantOf('a'))).to.equal(first + 300 + RATE_WINDOW_MS);
    // The first start has left the window: one may go, if asked, and only one.
    clock = first + RATE_WINDOW_MS;
    expect(limits.refusal('a', merchantOf('a'))).to.equal(null);
    expect(start(limits, 'a', 4)).to.equal(true);
    expect(start(limits, 'a', 4)).to.equal(false);
    expect(limits.tryAcquire('b', merchantOf('b'), null)).to.equal(true);
  });

  it('never lets more than the rate start within one window, however the starts are spread', () => {
    const limits = endpointLimits({ global: 1000, perMerchant: 1000, perEndpoint: 1000 }, now);
    const starts: number[] = [];
    for (let step = 0; step < 5000; step++) {
      clock += 1 + (step % 7);
      if (start(limits, 'a', 50)) {
        starts.push(clock);
        limits.release('a');
      }
    }
    let most = 0;
    for (let i = 0, j = 0; i < starts.length; i++) {
      while (starts[i]! - starts[j]! >= RATE_WINDOW_MS) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).to.equal(50);
  });

  it('looks again for a fast endpoint after a few starts, not a whole second of them', () => {
    const limits = endpointLimits({ global: 1000, perMerchant: 1000, perEndpoint: 1000 }, now);
    for (let i = 0; i < 100; i++) {
      expect(start(limits, 'fast', 100)).to.equal(true);
      clock += 1;
    }
    expect(start(limits, 'fast', 100)).to.equal(false);
    // Ten more may start once the tenth oldest has left the window.
    expect(limits.refusal('fast', merchantOf('fast'))).to.equal(clock - 100 + 9 + RATE_WINDOW_MS);
  });
});

describe('endpoint limits: counted when sent', () => {
  it('counts a request from when it is sent, and frees the place of one not sent', () => {
    let clock = 1_000_000;
    const limits = endpointLimits({ global: 100, perMerchant: 100, perEndpoint: 100 }, () => clock);
    // Two slots taken at once; the first request goes out at once, the second half a second later
    // (its attempt read its body first).
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(true);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(true);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(false);
    limits.sent('a', clock);
    clock += 500;
    limits.sent('a', clock);
    // A window after the first was sent, only the first has left it: one more may go.
    clock += RATE_WINDOW_MS - 500;
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(true);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(false);
    // That one was not sent after all (its delivery had ended): its place is free again.
    limits.unsent('a');
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(true);
  });
});

describe('endpoint limits: state kept', () => {
  it('forgets the rate of an endpoint once its starts have left the window', () => {
    let clock = 1_000_000;
    clockNow = () => clock;
    const limits = endpointLimits({ global: 100, perMerchant: 100, perEndpoint: 100 }, () => clock);
    for (let i = 0; i < 500; i++) {
      expect(start(limits, `we_${i}`, 5)).to.equal(true);
      limits.release(`we_${i}`);
    }
    clock += 600;
    for (let i = 0; i < 5; i++) expect(start(limits, 'we_busy', 5)).to.equal(true);
    expect(limits.tracked()).to.equal(501);
    clock += 100;
    // Within the window: all are kept.
    limits.forgetRefilled();
    expect(limits.tracked()).to.equal(501);
    clock += RATE_WINDOW_MS - 700;
    // The quiet ones' starts have left the window; the busy one's have not.
    limits.forgetRefilled();
    expect(limits.tracked()).to.equal(1);
    clock += 600;
    limits.forgetRefilled();
    expect(limits.tracked()).to.equal(0);
    // A forgotten endpoint starts again with its whole rate: its rate still holds.
    for (let i = 0; i < 5; i++) {
      expect(start(limits, 'we_3', 5)).to.equal(true);
      limits.release('we_3');
    }
    expect(start(limits, 'we_3', 5)).to.equal(false);
    expect(limits.refusal('we_3', merchantOf('we_3'))).to.equal(clock + RATE_WINDOW_MS);
  });

  it("holds a merchant's endpoints together to its share, and frees the share as any of them is answered", () => {
    const limits = endpointLimits({ global: 10, perMerchant: 3, perEndpoint: 2 });
    expect(limits.tryAcquire('we_1', 'mer_busy', null)).to.equal(true);
    expect(limits.tryAcquire('we_1', 'mer_busy', null)).to.equal(true);
    expect(limits.tryAcquire('we_2', 'mer_busy', null)).to.equal(true);
    // Its other endpoints, with slots of their own to spare, wait for the merchant's share.
    expect(limits.tryAcquire('we_3', 'mer_busy', null)).to.equal(false);
    expect(limits.refusal('we_3', 'mer_busy')).to.equal('merchant');
    // Another merchant is not held back by it.
    expect(limits.refusal('we_4', 'mer_quiet')).to.equal(null);
    expect(limits.tryAcquire('we_4', 'mer_quiet', null)).to.equal(true);
    expect(limits.release('we_1')).to.equal('mer_busy');
    expect(limits.refusal('we_3', 'mer_busy')).to.equal(null);
    expect(limits.tryAcquire('we_3', 'mer_busy', null)).to.equal(true);
    expect(limits.inFlight()).to.equal(4);
  });

  it('counts requests from when they went on the wire, whatever order their answers come in', () => {
    let clock = 1_000_000;
    const limits = endpointLimits({ global: 100, perMerchant: 100, perEndpoint: 100 }, () => clock);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(true);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(true);
    // Unanswered, both count: the rate is spent.
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(false);
    // The second went out 600 ms after the first, but is answered first; the first's answer comes
    // 900 ms after it went out.
    const first = clock;
    clock += 600;
    limits.sent('a', clock);
    clock += 300;
    limits.sent('a', first);
    // A window after the first went out, it has left the window, though it was answered late.
    clock = first + RATE_WINDOW_MS;
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(true);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(false);
  });
});
