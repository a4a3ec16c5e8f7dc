import { expect } from 'chai';
import { retryPause } from '../../../domain/processes/execution/retrying.js';
import type { Step } from '../../../domain/processes/stepLanguage.js';

const step = (retry: Step['retry']): Step => ({ id: 's', type: 'transform', value: '1', retry });

describe('retry of a failed step', () => {
  it('pauses backoff_ms, then backoff_rate times longer each time, up to max_attempts in all', () => {
    const s = step({ max_attempts: 4, backoff_ms: 100, backoff_rate: 3 });
    expect([0, 1, 2, 3].map((failures) => retryPause(s, 'http_status', failures))).to.deep.equal([
      100,
      300,
      900,
      undefined,
    ]);
    // The rate is 2 when the definition gives none.
    const doubling = step({ max_attempts: 3, backoff_ms: 50 });
    expect([0, 1, 2].map((f) => retryPause(doubling, 'x', f))).to.deep.equal([50, 100, undefined]);
  });

  it('takes only the codes it names, and by default all but those retrying cannot help', () => {
    const named = step({ max_attempts: 3, backoff_ms: 1, on: ['timeout'] });
    expect(retryPause(named, 'timeout', 0)).to.equal(1);
    expect(retryPause(named, 'http_status', 0)).to.equal(undefined);
    const any = step({ max_attempts: 3, backoff_ms: 1 });
    for (const code of ['url_blocked', 'input_invalid', 'process_inactive', 'call_depth_exceeded'])
      expect(retryPause(any, code, 0), code).to.equal(undefined);
    expect(retryPause(any, 'child_failed', 0)).to.equal(1);
    expect(
      retryPause(step({ max_attempts: 3, backoff_ms: 1, on: ['url_blocked'] }), 'url_blocked', 0),
    ).to.equal(1);
  });

  it('never retries a step past its run limit, nor a step without retry', () => {
    const all = step({ max_attempts: 10, backoff_ms: 1, on: ['step_limit_exceeded'] });
    expect(retryPause(all, 'step_limit_exceeded', 0)).to.equal(undefined);
    expect(retryPause(step(undefined), 'http_status', 0)).to.equal(undefined);
  });
});
