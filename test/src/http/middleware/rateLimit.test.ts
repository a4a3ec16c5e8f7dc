import { expect } from 'chai';
import type { Request, Response } from 'express';
import { rateLimit } from '../../../../src/http/middleware/rateLimit.js';

/** One request of a key through the limiter: whether it was let through. */
const send = (limiter: ReturnType<typeof rateLimit>, keyId: string): boolean => {
  const req = { principal: { key_id: keyId } } as unknown as Request;
  const res = { setHeader: () => undefined } as unknown as Response;
  let passed = false;
  try {
    limiter(req, res, () => {
      passed = true;
    });
  } catch {
    passed = false;
  }
  return passed;
};

describe('rate limit', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('refuses a key past its burst, and lets it through again as tokens come back', () => {
    const limiter = rateLimit({ rps: 2, burst: 2, now });
    expect(send(limiter, 'key_a')).to.equal(true);
    expect(send(limiter, 'key_a')).to.equal(true);
    expect(send(limiter, 'key_a')).to.equal(false);
    expect(send(limiter, 'key_b')).to.equal(true);
    clock += 500;
    expect(send(limiter, 'key_a')).to.equal(true);
  });

  it('forgets keys that have been quiet long enough to refill, and keeps those still limited', () => {
    const limiter = rateLimit({ rps: 10, burst: 20, now });
    for (let i = 0; i < 1000; i++) send(limiter, `key_${i}`);
    expect(limiter.tracked()).to.equal(1000);
    clock += 1500;
    for (let i = 0; i < 25; i++) send(limiter, 'key_busy');
    // 2 s fill a bucket of 20 at 10 a second: the thousand quiet keys are full again, so forgotten;
    // the busy key, used 0.5 s ago, is still short of tokens and kept.
    clock += 500;
    send(limiter, 'key_new');
    expect(limiter.tracked()).to.equal(2);
    // A forgotten key comes back with a full bucket, as if it had been kept.
    for (let i = 0; i < 20; i++) expect(send(limiter, 'key_3')).to.equal(true);
    expect(send(limiter, 'key_3')).to.equal(false);
  });
});
