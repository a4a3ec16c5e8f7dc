import { expect } from 'chai';
import { authenticationFailures } from '../../../../src/http/middleware/authenticationFailures.js';

describe('authentication failures per address', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('holds an address back once its burst of failures is spent, until one comes back', () => {
    const failures = authenticationFailures({ perMinute: 20, burst: 5 }, now);
    for (let i = 0; i < 5; i++) {
      expect(failures.retryAfter('203.0.113.7')).to.equal(undefined);
      failures.failed('203.0.113.7');
    }
    // One failure comes back every 3 s.
    expect(failures.retryAfter('203.0.113.7')).to.equal(3);
    expect(failures.retryAfter('203.0.113.8')).to.equal(undefined);
    clock += 2_000;
    expect(failures.retryAfter('203.0.113.7')).to.equal(1);
    clock += 1_000;
    expect(failures.retryAfter('203.0.113.7')).to.equal(undefined);
    failures.failed('203.0.113.7');
    expect(failures.retryAfter('203.0.113.7')).to.equal(3);
  });
});
