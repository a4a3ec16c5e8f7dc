import { expect } from 'chai';
import { newId } from '../../src/ids.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('ids', () => {
  it('are prefixed, 26 characters of Crockford base32, and sort by time', () => {
    const early = newId('evt', Date.UTC(2026, 0, 1));
    const late = newId('evt', Date.UTC(2026, 0, 2));
    expect(early).to.match(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(early < late).to.equal(true);
    expect(newId('we', 0).slice(0, 13)).to.equal('we_0000000000');
  });

  it('spell the time and 80 random bits in the ULID layout, most significant first', () => {
    // 1234567890123 ms is 01 3XRZP16B in base32 (ten characters of five bits).
    const id = newId('x', 1_234_567_890_123);
    expect(id.slice(0, 12)).to.equal('x_013XRZP16B');
    // The random part spells 80 bits; decoded, it is 10 bytes.
    let bits = 0n;
    for (const char of id.slice(12)) bits = (bits << 5n) | BigInt(ALPHABET.indexOf(char));
    expect(bits < 1n << 80n).to.equal(true);
    const seen = new Set(Array.from({ length: 2_000 }, (_, i) => newId('x', i).slice(12, 13)));
    // The first character holds the top five random bits: all 32 values turn up.
    expect(seen.size).to.equal(32);
  });

  it('do not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('evt')));
    expect(ids.size).to.equal(10_000);
  });

  it('made in one millisecond, increase in the order they were made', () => {
    const at = Date.UTC(2026, 10, 24, 12);
    const ids = Array.from({ length: 5_000 }, () => newId('key', at));
    // All share the millisecond, so only the random part can order them.
    expect(new Set(ids.map((id) => id.slice(0, 14))).size).to.equal(1);
    expect([...ids].sort()).to.deep.equal(ids);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('made from the clock as fast as possible, each sorts after the one before', () => {
    const ids = Array.from({ length: 20_000 }, () => newId('we'));
    // Thousands fall in each millisecond here: without the monotonic rule, about half the pairs
    // within one would be out of order.
    const perMs = ids.length / new Set(ids.map((id) => id.slice(3, 13))).size;
    expect(perMs).to.be.greaterThan(1);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!, ids[i]).to.equal(true);
  });

  it('carry from one group of the random part into the next', () => {
    const at = Date.UTC(2026, 10, 24, 13);
    // Enough ids in one millisecond that the lowest 20 bits wrap at least once, whatever the draw.
    const ids = Array.from({ length: (1 << 20) + 2 }, () => newId('x', at));
    for (let i = 1; i < ids.length; i++) if (!(ids[i]! > ids[i - 1]!)) expect.fail(ids[i]);
  });
});
