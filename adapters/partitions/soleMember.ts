import { DEFAULT_PARTITIONS, hashOf } from './hash.js';
import type { WorkPartitions } from './port.js';

/** One process holds every partition of every group: the embedded mode, and tests. */
export const soleMember = (): WorkPartitions => ({
  join: (_group, options = {}) => {
    const partitions = options.partitions ?? DEFAULT_PARTITIONS;
    return Promise.resolve({
      holds: () => true,
      partitionOf: (key) => hashOf(key) % partitions,
      onChange: () => undefined,
      leave: () => Promise.resolve(),
    });
  },
});
