import { expect } from 'chai';
import { recentMap } from '../../../adapters/memory/recentMap.js';

describe('a map of recent entries', () => {
  it('gives back what it holds, and forgets what is deleted', () => {
    const map = recentMap<string, number>(10);
    for (let n = 0; n < 4; n++) map.set(`k${n}`, n);
    expect([0, 1, 2, 3].map((n) => map.get(`k${n}`))).to.deep.equal([0, 1, 2, 3]);
    map.set('k1', 10);
    expect(map.get('k1')).to.equal(10);
    map.delete('k2');
    expect(map.get('k2')).to.equal(undefined);
  });

  it('keeps at least the most recent half of its capacity, and never more than all of it', () => {
    const map = recentMap<number, number>(10);
    for (let n = 0; n < 1000; n++) map.set(n, n);
    // Newest first: a read moves an entry to the young generation, which may age the old one.
    const newest = [999, 998, 997, 996, 995].map((n) => map.get(n));
    expect(newest).to.deep.equal([999, 998, 997, 996, 995]);
    const held = Array.from({ length: 1000 }, (_, n) => map.get(n)).filter((v) => v !== undefined);
    expect(held.length).to.be.at.most(10);
    expect(map.get(0)).to.equal(undefined);
  });

  it('keeps an entry that is read while others come and go', () => {
    const map = recentMap<string, number>(10);
    map.set('hot', 1);
    for (let n = 0; n < 1000; n++) {
      map.set(`cold${n}`, n);
      if (n % 3 === 0) expect(map.get('hot'), `after ${n}`).to.equal(1);
    }
  });

  it('counts its capacity in what each value weighs, when told how', () => {
    const map = recentMap<string, string>(100, (value) => value.length);
    map.set('a', 'x'.repeat(40));
    map.set('b', 'x'.repeat(40));
    map.set('c', 'x'.repeat(40));
    expect(map.get('c')).to.have.length(40);
    expect(map.get('b')).to.have.length(40);
    map.set('d', 'x'.repeat(60));
    map.set('e', 'x'.repeat(60));
    expect(map.get('a')).to.equal(undefined);
    expect(map.get('e')).to.have.length(60);
  });
});
