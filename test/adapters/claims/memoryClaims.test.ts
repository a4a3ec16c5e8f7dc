import { expect } from 'chai';
import { memoryClaims } from '../../../adapters/claims/memory/memoryClaims.js';
import { claimsContract } from './claims.contract.js';

claimsContract('in memory', () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  return Promise.resolve({
    claims: memoryClaims(() => now),
    advance: (ms: number) => {
      now += ms;
    },
    close: () => Promise.resolve(),
  });
});

describe('claims in memory, when many are held', () => {
  it('sweeps expired claims out without a sweep per claim: 200,000 live claims take moments', async () => {
    // A sweep on every claim past 10,000 held would walk the map each time: some 2e10 steps here,
    // far past the suite's timeout. Sweeps that wait for the map to double cost each claim O(1).
    let now = 0;
    const claims = memoryClaims(() => now);
    for (let i = 0; i < 200_000; i++) {
      expect(await claims.claim(`delivery_${i}@0`, 'dsp_1', 75_000)).to.equal(true);
      now += 0.1;
    }
    // Expired ones are still swept out, and their keys can be claimed by another owner.
    now += 100_000;
    for (let i = 0; i < 30_000; i++) await claims.claim(`later_${i}@0`, 'dsp_2', 75_000);
    expect(await claims.claim('delivery_0@0', 'dsp_2', 75_000)).to.equal(true);
    expect(await claims.claim('later_0@0', 'dsp_1', 75_000)).to.equal(false);
  });
});
