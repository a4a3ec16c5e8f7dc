import type { DeliveryAttempted } from '../domain/deliveries/delivery.js';
import { DELIVERY_STREAM_PREFIX } from '../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { Change, Projection } from './projection.js';
import { collection } from './collection.js';

/** The attempts made to each endpoint, counted by outcome per hour and per day. */
export const ENDPOINT_STATS = collection<EndpointStatsDoc>('endpoint_stats');

export type StatsInterval = 'hour' | 'day';

/** How long each interval's bucket lasts, in milliseconds. */
export const INTERVAL_MS: Readonly<Record<StatsInterval, number>> = {
  hour: 3_600_000,
  day: 86_400_000,
};

export type EndpointStatsDoc = {
  id: string;
  endpoint_id: string;
  interval: StatsInterval;
  /** Where the bucket begins: ISO 8601, UTC, on the interval's boundary. */
  start: string;
  succeeded: number;
  failed: number;
};

/** The start of the bucket holding an instant (milliseconds since the epoch), in UTC. */
export const bucketStart = (at: number, interval: StatsInterval): string => {
  const length = INTERVAL_MS[interval];
  return new Date(Math.floor(at / length) * length).toISOString();
};

export const statsId = (endpointId: string, interval: StatsInterval, start: string): string =>
  `${endpointId}:${interval}:${start}`;

/**
 * One more attempt in its bucket: the counter document is created at zero when it is the
 * bucket's first, so the change reads nothing and a rebuild counts the same.
 */
const counted = (attempt: DeliveryAttempted['data'], interval: StatsInterval): Change => {
  const start = bucketStart(Date.parse(attempt.created_at), interval);
  return {
    op: 'patch',
    collection: ENDPOINT_STATS,
    id: statsId(attempt.endpoint_id, interval, start),
    inc: { [attempt.status]: 1 },
    setOnInsert: { endpoint_id: attempt.endpoint_id, interval, start, succeeded: 0, failed: 0 },
  };
};

/**
 * Every attempt as it was made, superseded or not: it happened, and the receiver saw it. The
 * counters of a deleted endpoint stay, unread: nothing lists an endpoint that is gone.
 */
export const endpointStatsProjection: Projection = {
  name: 'endpoint_stats',
  collections: [{ name: ENDPOINT_STATS, indexes: [['endpoint_id', 'interval', 'start']] }],
  filter: { streamPrefixes: [DELIVERY_STREAM_PREFIX], typePrefixes: ['delivery.attempted'] },
  project: (recorded): Change[] => {
    if (recorded.type !== 'delivery.attempted') return [];
    const attempt = (recorded as RecordedEvent<DeliveryAttempted>).data;
    return [counted(attempt, 'hour'), counted(attempt, 'day')];
  },
};
