import { expect } from 'chai';
import { memoryClaims } from '../../../adapters/claims/memory/memoryClaims.js';
import { claimedPartitions } from '../../../adapters/partitions/claims/claimedPartitions.js';
import { soleMember } from '../../../adapters/partitions/soleMember.js';
import { partitionsContract, shares, until } from './partitions.contract.js';

const LEASE_MS = 600;

partitionsContract('claims (the first member holds all, the others stand by)', () =>
  Promise.resolve({
    partitions: claimedPartitions(memoryClaims(), { leaseMs: LEASE_MS }),
    leaseMs: LEASE_MS,
    close: () => Promise.resolve(),
  }),
);

describe('work partitions: claims and the sole member', () => {
  it('keeps a standby idle while the first member lives', async () => {
    const partitions = claimedPartitions(memoryClaims(), { leaseMs: LEASE_MS });
    const first = await partitions.join('projector', { partitions: 1 });
    const standby = await partitions.join('projector', { partitions: 1 });
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
    expect([first.holds('x'), standby.holds('x')]).to.deep.equal([true, false]);
    await first.leave();
    await until(() => standby.holds('x'), LEASE_MS * 4);
    await standby.leave();
  });

  it('lets the one process of the embedded mode hold everything', async () => {
    const only = await soleMember().join('dispatcher');
    expect(shares([only])).to.deep.equal([400]);
  });
});
