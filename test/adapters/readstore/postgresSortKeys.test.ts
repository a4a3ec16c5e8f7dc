import { expect } from 'chai';
import { sortKey } from '../../../adapters/readstore/postgres/sortKeys.js';

/** Bytewise, as a column of collation "C" compares. */
const bytewise = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('PostgreSQL read store: sort keys', () => {
  it('orders numbers by value, negatives and fractions included, and -0 as 0', () => {
    const numbers = [-1e300, -12.5, -2, -1, -0.001, 0, 0.001, 1, 2, 9.75, 10, Date.now(), 1e15];
    const shuffled = [...numbers].reverse();
    const sorted = shuffled
      .map((n) => ({ n, key: sortKey(n)! }))
      .sort((a, b) => bytewise(a.key, b.key))
      .map((entry) => entry.n);
    expect(sorted).to.deep.equal(numbers);
    expect(sortKey(-0)).to.equal(sortKey(0));
  });

  it('orders as SQLite does: null first, then numbers and booleans, then text by its bytes', () => {
    expect(sortKey(null)).to.equal(null);
    expect(sortKey(undefined)).to.equal(null);
    expect(sortKey(true)).to.equal(sortKey(1));
    expect(sortKey(false)).to.equal(sortKey(0));
    const texts = ['', 'A', 'Z', 'a', 'b', 'é', '日本'];
    const keys = [sortKey(1e300)!, ...texts.map((t) => sortKey(t)!)];
    expect([...keys].sort(bytewise)).to.deep.equal(keys);
  });
});
