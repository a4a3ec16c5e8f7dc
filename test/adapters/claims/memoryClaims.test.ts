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
