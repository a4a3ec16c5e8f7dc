import type { Claims } from '../../adapters/claims/port.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { IdempotencyStore } from '../../adapters/idempotency/port.js';
import type { WorkPartitions } from '../../adapters/partitions/port.js';
import type { PayloadKeyStore } from '../../adapters/payloadkeys/port.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { ProjectionProgress } from '../../adapters/readstore/progress.js';
import type { EventFeed, EventTopic } from '../../adapters/transport/port.js';

/** The ports of the distributed mode, whichever servers serve them. */
export type DistributedStores = {
  eventStore: EventStore;
  readStore: ReadStore;
  idempotency: IdempotencyStore;
  payloadKeys: PayloadKeyStore;
  claims: Claims;
  partitions: WorkPartitions;
  /** The feed the workers read; the topic the relay fills, where the feed is not the log itself. */
  transport: { feed: EventFeed; topic?: EventTopic };
  /** The active projector's announcements of its progress, where the stores can carry them. */
  progress?: ProjectionProgress;
  close: () => Promise<void>;
};
