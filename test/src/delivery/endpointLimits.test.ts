import { expect } from 'chai';
import { endpointLimits } from '../../../src/delivery/endpointLimits.js';

describe('endpoint limits', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('caps attempts in flight overall and per endpoint', () => {
    const limits = endpointLimits(3, 2, now);
    expect(limits.tryAcquire('a', null)).to.equal(true);
    expect(limits.tryAcquire('a', null)).to.equal(true);
    expect(limits.tryAcquire('a', null)).to.equal(false);
    expect(limits.saturated()).to.deep.equal(['a']);
    expect(limits.tryAcquire('b', null)).to.equal(true);
    expect(limits.globalFull()).to.equal(true);
    expect(limits.tryAcquire('c', null)).to.equal(false);
    limits.release('a');
    expect(limits.saturated()).to.deep.equal([]);
    expect(limits.tryAcquire('c', null)).to.equal(true);
    expect(limits.inFlight()).to.equal(3);
  });

  it('keeps an endpoint to its rate, and says when it may send again', () => {
    const limits = endpointLimits(100, 100, now);
    for (let i = 0; i < 4; i++) {
      expect(limits.tryAcquire('a', 4)).to.equal(true);
      limits.release('a');
    }
    expect(limits.tryAcquire('a', 4)).to.equal(false);
    expect(limits.nextTokenAt()).to.equal(clock + 250);
    clock += 250;
    // The token is back: one look now, then the endpoint is not watched until turned away again.
    expect(limits.nextTokenAt()).to.equal(clock);
    expect(limits.nextTokenAt()).to.equal(undefined);
    expect(limits.tryAcquire('a', 4)).to.equal(true);
    expect(limits.tryAcquire('b', null)).to.equal(true);
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
    clock += 1000;
    // Every quiet endpoint is full again; the busy one still has a slot in flight to give back.
    expect(limits.saturated()).to.deep.equal([]);
    expect(limits.tracked()).to.equal(0);
    // A forgotten endpoint starts again with a full bucket: its rate still holds.
    for (let i = 0; i < 5; i++) {
      expect(limits.tryAcquire('we_3', 5)).to.equal(true);
      limits.release('we_3');
    }
    expect(limits.tryAcquire('we_3', 5)).to.equal(false);
    expect(limits.saturated()).to.include('we_3');
  });
});
