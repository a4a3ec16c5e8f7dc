import { expect } from 'chai';
import { endpointLimits } from '../../../src/delivery/endpointLimits.js';

describe('endpoint limits', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('caps attempts in flight overall and per endpoint, and says which cap turned one away', () => {
    const limits = endpointLimits(3, 2, now);
    expect(limits.tryAcquire('a', null)).to.equal(true);
    expect(limits.tryAcquire('a', null)).to.equal(true);
    expect(limits.tryAcquire('a', null)).to.equal(false);
    expect(limits.refusal('a')).to.equal('slots');
    expect(limits.refusal('b')).to.equal(null);
    expect(limits.tryAcquire('b', null)).to.equal(true);
    expect(limits.globalFull()).to.equal(true);
    expect(limits.tryAcquire('c', null)).to.equal(false);
    expect(limits.refusal('c')).to.equal('global');
    limits.release('a');
    expect(limits.refusal('a')).to.equal(null);
    expect(limits.tryAcquire('c', null)).to.equal(true);
    expect(limits.inFlight()).to.equal(3);
  });

  it('keeps an endpoint to its rate, and says to look again once its tokens are back', () => {
    const limits = endpointLimits(100, 100, now);
    for (let i = 0; i < 4; i++) {
      expect(limits.tryAcquire('a', 4)).to.equal(true);
      limits.release('a');
    }
    expect(limits.tryAcquire('a', 4)).to.equal(false);
    // Four a second: look again when all four are back, not at each one.
    expect(limits.refusal('a')).to.equal(clock + 1000);
    clock += 100;
    expect(limits.tryAcquire('a', 4)).to.equal(false);
    expect(limits.refusal('a')).to.equal(clock + 900);
    clock += 150;
    // One token is back: the endpoint may send, if asked.
    expect(limits.refusal('a')).to.equal(null);
    expect(limits.tryAcquire('a', 4)).to.equal(true);
    expect(limits.tryAcquire('b', null)).to.equal(true);
  });

  it('looks again for a fast endpoint after a few tokens, not a whole second of them', () => {
    const limits = endpointLimits(1000, 1000, now);
    for (let i = 0; i < 100; i++) expect(limits.tryAcquire('fast', 100)).to.equal(true);
    expect(limits.tryAcquire('fast', 100)).to.equal(false);
    // Eight tokens at a hundred a second.
    expect(limits.refusal('fast')).to.equal(clock + 80);
  });
});

describe('endpoint limits: state kept', () => {
  it('forgets the rate of an endpoint once its bucket has refilled', () => {
    let clock = 1_000_000;
    const limits = endpointLimits(100, 100, () => clock);
    for (let i = 0; i < 500; i++) {
      expect(limits.tryAcquire(`we_${i}`, 5)).to.equal(true);
      limits.release(`we_${i}`);
    }
    for (let i = 0; i < 5; i++) expect(limits.tryAcquire('we_busy', 5)).to.equal(true);
    expect(limits.tracked()).to.equal(501);
    clock += 100;
    // A tenth of a second: none is full again yet.
    limits.forgetRefilled();
    expect(limits.tracked()).to.equal(501);
    clock += 400;
    // The quiet ones spent one token each, and have it back; the busy one spent five.
    limits.forgetRefilled();
    expect(limits.tracked()).to.equal(1);
    clock += 500;
    limits.forgetRefilled();
    expect(limits.tracked()).to.equal(0);
    // A forgotten endpoint starts again with a full bucket: its rate still holds.
    for (let i = 0; i < 5; i++) {
      expect(limits.tryAcquire('we_3', 5)).to.equal(true);
      limits.release('we_3');
    }
    expect(limits.tryAcquire('we_3', 5)).to.equal(false);
    expect(limits.refusal('we_3')).to.equal(clock + 1000);
  });
});
