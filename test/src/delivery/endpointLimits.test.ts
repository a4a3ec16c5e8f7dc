import { expect } from 'chai';
import type { EndpointLimits } from '../../../src/delivery/endpointLimits.js';
import {
  RATE_LEAD_MS,
  RATE_WINDOW_MS,
  endpointLimits,
} from '../../../src/delivery/endpointLimits.js';

/** Each endpoint of these tests is its own merchant's, unless a test says otherwise. */
const merchantOf = (endpointId: string) => `mer_${endpointId}`;

/**
 * A request that takes its slot and goes on the wire as soon as it may (the sender holds it until
 * then): when it went, or false.
 */
const start = (limits: EndpointLimits, endpointId: string, rate: number | null): number | false => {
  const sendAt = limits.tryAcquire(endpointId, merchantOf(endpointId), rate);
  if (sendAt !== false) limits.sent(endpointId, Math.max(sendAt, clockNow()));
  return sendAt;
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
    // Without a rate, an acquired request may go at once.
    expect(limits.tryAcquire('a', merchantOf('a'), null)).to.equal(clock);
    expect(limits.tryAcquire('a', merchantOf('a'), null)).to.equal(clock);
    expect(limits.tryAcquire('a', merchantOf('a'), null)).to.equal(false);
    expect(limits.refusal('a', merchantOf('a'))).to.equal('slots');
    expect(limits.refusal('b', merchantOf('b'))).to.equal(null);
    expect(limits.tryAcquire('b', merchantOf('b'), null)).to.equal(clock);
    expect(limits.globalFull()).to.equal(true);
    expect(limits.tryAcquire('c', merchantOf('c'), null)).to.equal(false);
    expect(limits.refusal('c', merchantOf('c'))).to.equal('global');
    limits.release('a');
    expect(limits.refusal('a', merchantOf('a'))).to.equal(null);
    expect(limits.tryAcquire('c', merchantOf('c'), null)).to.equal(clock);
    expect(limits.inFlight()).to.equal(3);
  });

  it('keeps an endpoint to its rate in any window, and says to look again just before starts leave it', () => {
    const limits = endpointLimits({ global: 100, perMerchant: 100, perEndpoint: 100 }, now);
    const first = clock;
    for (let i = 0; i < 4; i++) {
      expect(start(limits, 'a', 4)).to.equal(clock);
      limits.release('a');
      clock += 100;
    }
    // Four starts within the window: a fifth waits until all four have nearly left it (four a
    // second: look again when all four may go, not at each one), its lead before they have.
    expect(start(limits, 'a', 4)).to.equal(false);
    expect(limits.refusal('a', merchantOf('a'))).to.equal(
      first + 300 + RATE_WINDOW_MS - RATE_LEAD_MS,
    );
    // Within the lead of the first start's leaving: a request may be started, to go on the wire
    // as it leaves; then the next, as the second leaves.
    clock = first + RATE_WINDOW_MS - RATE_LEAD_MS;
    expect(limits.refusal('a', merchantOf('a'))).to.equal(null);
    expect(start(limits, 'a', 4)).to.equal(first + RATE_WINDOW_MS);
    expect(start(limits, 'a', 4)).to.equal(false);
    clock += 100;
    expect(start(limits, 'a', 4)).to.equal(first + 100 + RATE_WINDOW_MS);
    expect(limits.tryAcquire('b', merchantOf('b'), null)).to.equal(clock);
  });

  it('never lets more than the rate go on the wire within one window, however the starts are spread', () => {
    const limits = endpointLimits({ global: 1000, perMerchant: 1000, perEndpoint: 1000 }, now);
    const starts: number[] = [];
    for (let step = 0; step < 5000; step++) {
      clock += 1 + (step % 7);
      const sentAt = start(limits, 'a', 50);
      if (sentAt !== false) {
        expect(sentAt - clock).to.be.within(0, RATE_LEAD_MS);
        starts.push(sentAt);
        limits.release('a');
      }
    }
    starts.sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < starts.length; i++) {
      while (starts[i]! - starts[j]! >= RATE_WINDOW_MS) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).to.equal(50);
    // And the rate is used: about 50 a window over the whole run.
    const windows = (starts.at(-1)! - starts[0]!) / RATE_WINDOW_MS;
    expect(starts.length / windows).to.be.above(49);
  });

  it('looks again for a fast endpoint after a few starts, not a whole second of them', () => {
    const limits = endpointLimits({ global: 1000, perMerchant: 1000, perEndpoint: 1000 }, now);
    for (let i = 0; i < 100; i++) {
      expect(start(limits, 'fast', 100)).to.equal(clock);
      clock += 1;
    }
    expect(start(limits, 'fast', 100)).to.equal(false);
    // Ten more may start once the tenth oldest is within the lead of leaving the window.
    expect(limits.refusal('fast', merchantOf('fast'))).to.equal(
      clock - 100 + 9 + RATE_WINDOW_MS - RATE_LEAD_MS,
    );
  });
});

describe('endpoint limits: counted when sent', () => {
  it('counts a request from when it is sent, and frees the place of one not sent', () => {
    let clock = 1_000_000;
    const limits = endpointLimits({ global: 100, perMerchant: 100, perEndpoint: 100 }, () => clock);
    // Two slots taken at once; the first request goes out at once, the second half a second later
    // (its attempt read its body first).
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(clock);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(clock);
    // Both unsent: they count until they are sent, and no time can be told for a third.
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(false);
    limits.sent('a', clock);
    clock += 500;
    limits.sent('a', clock);
    // Within the lead of a window after the first was sent, only the first is leaving it: one more
    // may go, once it has.
    const firstLeaves = clock - 500 + RATE_WINDOW_MS;
    clock = firstLeaves - RATE_LEAD_MS;
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(firstLeaves);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(false);
    // That one was not sent after all (its delivery had ended): its place is free again.
    limits.unsent('a');
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(firstLeaves);
  });
});

describe('endpoint limits: state kept', () => {
  it('forgets the rate of an endpoint once its starts have left the window', () => {
    let clock = 1_000_000;
    clockNow = () => clock;
    const limits = endpointLimits({ global: 100, perMerchant: 100, perEndpoint: 100 }, () => clock);
    for (let i = 0; i < 500; i++) {
      expect(start(limits, `we_${i}`, 5)).to.equal(clock);
      limits.release(`we_${i}`);
    }
    clock += 600;
    for (let i = 0; i < 5; i++) expect(start(limits, 'we_busy', 5)).to.equal(clock);
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
      expect(start(limits, 'we_3', 5)).to.equal(clock);
      limits.release('we_3');
    }
    expect(start(limits, 'we_3', 5)).to.equal(false);
    expect(limits.refusal('we_3', merchantOf('we_3'))).to.equal(
      clock + RATE_WINDOW_MS - RATE_LEAD_MS,
    );
  });

  it("holds a merchant's endpoints together to its share, and frees the share as any of them is answered", () => {
    let clock = 1_000_000;
    const limits = endpointLimits({ global: 10, perMerchant: 3, perEndpoint: 2 }, () => clock);
    expect(limits.tryAcquire('we_1', 'mer_busy', null)).to.equal(clock);
    expect(limits.tryAcquire('we_1', 'mer_busy', null)).to.equal(clock);
    expect(limits.tryAcquire('we_2', 'mer_busy', null)).to.equal(clock);
    // Its other endpoints, with slots of their own to spare, wait for the merchant's share.
    expect(limits.tryAcquire('we_3', 'mer_busy', null)).to.equal(false);
    expect(limits.refusal('we_3', 'mer_busy')).to.equal('merchant');
    // Another merchant is not held back by it.
    expect(limits.refusal('we_4', 'mer_quiet')).to.equal(null);
    expect(limits.tryAcquire('we_4', 'mer_quiet', null)).to.equal(clock);
    expect(limits.release('we_1')).to.equal('mer_busy');
    expect(limits.refusal('we_3', 'mer_busy')).to.equal(null);
    clock += 1;
    expect(limits.tryAcquire('we_3', 'mer_busy', null)).to.equal(clock);
    expect(limits.inFlight()).to.equal(4);
  });

  it('counts requests from when they went on the wire, whatever order their answers come in', () => {
    let clock = 1_000_000;
    const limits = endpointLimits({ global: 100, perMerchant: 100, perEndpoint: 100 }, () => clock);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(clock);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(clock);
    // Unanswered, both count: the rate is spent.
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(false);
    // The second went out 600 ms after the first, but is answered first; the first's answer comes
    // 900 ms after it went out.
    const first = clock;
    clock += 600;
    limits.sent('a', clock);
    clock += 300;
    limits.sent('a', first);
    // A window after the first went out, it has left the window, though it was answered late;
    // the second leaves 600 ms later, beyond the lead.
    clock = first + RATE_WINDOW_MS;
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(clock);
    expect(limits.tryAcquire('a', merchantOf('a'), 2)).to.equal(false);
  });
});
