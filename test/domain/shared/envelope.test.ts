import { expect } from 'chai';
import { comparePositions, position } from '../../../domain/shared/envelope.js';

/** The order of two positions as integers, whatever their length or leading zeros. */
const byValue = (a: string, b: string) => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

describe('positions', () => {
  it('compare as the integers they write, far beyond 2^53 and with leading zeros', () => {
    const samples = [
      '0',
      '1',
      '9',
      '10',
      '99',
      '100',
      '9007199254740991',
      '9007199254740993',
      '18446744073709551615',
      '18446744073709551616',
      '007',
      '010',
      '00',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 200; i++) {
      const digits = 1 + (random() % 22);
      samples.push(String(BigInt(Array.from({ length: digits }, () => random() % 10).join(''))));
    }
    for (const a of samples)
      for (const b of samples)
        expect(comparePositions(position(a), position(b)), `${a} vs ${b}`).to.equal(byValue(a, b));
  });
});
