import { randomUUID } from 'node:crypto';
import type { PostgresDatabase } from '../../postgres/database.js';
import { DEFAULT_PARTITIONS } from '../hash.js';
import type { WorkPartitions } from '../port.js';
import { renewedHold } from '../renewedHold.js';
import { sessionLockHold } from './sessionLockHold.js';
import { FEED_TABLES, partitionLeases } from './leases.js';

const LEASE_MS = 10_000;

/**
 * Partitions leased to the members of a group on the server's clock, each member holding about its
 * share (the partitions over the members alive). A member gives a partition up only when the
 * caller says it may, and until then starts no work of it. The leases share the feed's tables,
 * under group names of their own.
 */
export const postgresPartitions = async (
  db: PostgresDatabase,
  options: { leaseMs?: number; renewals?: PostgresDatabase } = {},
): Promise<WorkPartitions> => {
  await db.migrate('001_feed', FEED_TABLES);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  return {
    join: async (group, joinOptions = {}) => {
      const partitions = joinOptions.partitions ?? DEFAULT_PARTITIONS;
      // A group of one partition is a role one process holds at a time: held by a session lock,
      // which a dead or frozen holder loses in seconds rather than at the end of a lease.
      if (partitions === 1) return sessionLockHold(db, `work:${group}`);
      const leases = partitionLeases(db, `work:${group}`, randomUUID(), {
        partitions,
        leaseMs,
        ...(options.renewals && { renewals: options.renewals }),
      });
      await leases.create(null);
      return renewedHold({
        partitions,
        leaseMs,
        renew: async () => new Set((await leases.rebalance(joinOptions.mayRelease)).keys()),
        giveBack: () => leases.leave(),
      });
    },
  };
};
