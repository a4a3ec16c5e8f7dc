import { expect } from 'chai';
import type { FilterOutcome } from '../../../src/delivery/filterStanding.js';
import {
  FILTER_HOLD_MS,
  MAX_SPENT_PER_MERCHANT,
  filterStanding,
} from '../../../src/delivery/filterStanding.js';
import type { ExpressionErrorCode } from '../../../src/processes/expressions.js';
import { ExpressionError } from '../../../src/processes/expressions.js';

const failed = (code: ExpressionErrorCode) => (): Promise<FilterOutcome> =>
  Promise.resolve({
    matches: false,
    failure: new ExpressionError('f', `failed with ${code}`, code),
  });
const matched = (): Promise<FilterOutcome> => Promise.resolve({ matches: true, failure: null });

describe('the standing of filters that went past their bounds', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('holds back a filter that ran out of time, for a while, without running it', async () => {
    const standing = filterStanding(now);
    const first = await standing.run('mer_a', 'slow', failed('expression_timeout'));
    expect(first.failure?.code).to.equal('expression_timeout');
    let ran = false;
    const held = await standing.run('mer_a', 'slow', async () => {
      ran = true;
      return matched();
    });
    expect(ran).to.equal(false);
    expect(held).to.deep.equal(first);
    // Another merchant's filter of the same text, and another filter of the merchant, still run.
    expect((await standing.run('mer_b', 'slow', matched)).matches).to.equal(true);
    expect((await standing.run('mer_a', 'other', matched)).matches).to.equal(true);
    clock += FILTER_HOLD_MS + 1;
    expect((await standing.run('mer_a', 'slow', matched)).matches).to.equal(true);
  });

  it('holds back a filter that made too large a value, but not one that merely failed', async () => {
    const standing = filterStanding(now);
    await standing.run('mer_a', 'large', failed('expression_output_too_large'));
    await standing.run('mer_a', 'faulty', failed('expression_failed'));
    expect((await standing.run('mer_a', 'large', matched)).failure?.code).to.equal(
      'expression_output_too_large',
    );
    // A type error, say, costs little: the filter may match the next event.
    expect((await standing.run('mer_a', 'faulty', matched)).matches).to.equal(true);
  });

  it("holds back all of a merchant's filters once they went past their bounds often, and only that merchant's", async () => {
    const standing = filterStanding(now);
    for (let n = 0; n < MAX_SPENT_PER_MERCHANT; n++)
      await standing.run('mer_a', `slow_${n}`, failed('expression_memory'));
    const fresh = await standing.run('mer_a', 'fresh', matched);
    expect(fresh.matches).to.equal(false);
    expect(fresh.failure?.message).to.match(/went past their bounds 3 times/);
    expect((await standing.run('mer_b', 'fresh', matched)).matches).to.equal(true);
    clock += FILTER_HOLD_MS + 1;
    expect((await standing.run('mer_a', 'fresh', matched)).matches).to.equal(true);
  });

  it("runs a merchant's evaluations one at a time, and other merchants' beside them", async () => {
    const standing = filterStanding(now);
    let running = 0;
    let most = 0;
    const slowly = async (): Promise<FilterOutcome> => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return { matches: true, failure: null };
    };
    await Promise.all(Array.from({ length: 5 }, () => standing.run('mer_a', 'f', slowly)));
    expect(most).to.equal(1);
    most = 0;
    await Promise.all(['mer_a', 'mer_b', 'mer_c'].map((m) => standing.run(m, 'f', slowly)));
    expect(most).to.equal(3);
    // Those queued behind a filter that runs out are held without running.
    let ran = 0;
    const outcomes = await Promise.all([
      standing.run('mer_d', 'slow', failed('expression_timeout')),
      ...Array.from({ length: 3 }, () =>
        standing.run('mer_d', 'slow', async () => {
          ran++;
          return matched();
        }),
      ),
    ]);
    expect(ran).to.equal(0);
    expect(outcomes.map((o) => o.failure?.code)).to.deep.equal(Array(4).fill('expression_timeout'));
  });
});
