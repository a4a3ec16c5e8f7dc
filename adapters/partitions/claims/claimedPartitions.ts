import { randomUUID } from 'node:crypto';
import type { Claims } from '../../claims/port.js';
import { DEFAULT_PARTITIONS } from '../hash.js';
import type { WorkPartitions } from '../port.js';
import { renewedHold } from '../renewedHold.js';

const LEASE_MS = 10_000;

/**
 * Partitions held through leased claims, for servers with no member table (the design card's
 * MongoDB): each member claims every partition it can, and renews what it holds. The first member
 * holds them all and the others stand by, taking over what a dead member held once its lease runs
 * out; a member that leaves lets its leases run out.
 */
export const claimedPartitions = (
  claims: Claims,
  options: { leaseMs?: number } = {},
): WorkPartitions => {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  return {
    join: (group, joinOptions = {}) => {
      const partitions = joinOptions.partitions ?? DEFAULT_PARTITIONS;
      const member = randomUUID();
      return renewedHold({
        partitions,
        leaseMs,
        renew: async () => {
          const held = new Set<number>();
          for (let partition = 0; partition < partitions; partition++) {
            const key = `work:${group}:${partition}`;
            if (await claims.claim(key, member, leaseMs)) held.add(partition);
          }
          return held;
        },
        giveBack: () => Promise.resolve(),
      });
    },
  };
};
