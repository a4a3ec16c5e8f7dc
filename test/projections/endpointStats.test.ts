import { expect } from 'chai';
import type { DeliveryAttempted } from '../../domain/deliveries/delivery.js';
import { deliveryStream } from '../../domain/deliveries/delivery.js';
import {
  ENDPOINT_STATS,
  bucketStart,
  endpointStatsProjection,
} from '../../projections/endpointStats.js';
import type { Change } from '../../projections/projection.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(endpointStatsProjection);
const stream = deliveryStream('evt_1', 'we_1');

const attempt = (
  status: 'succeeded' | 'failed',
  createdAt: string,
  extra: Partial<DeliveryAttempted['data']> = {},
): DeliveryAttempted['data'] => ({
  event_id: 'evt_1',
  endpoint_id: 'we_1',
  merchant_id: 'mer_a',
  event_type: 'order.created',
  status,
  url: 'https://hooks.shop.test/sluice',
  response_status_code: status === 'succeeded' ? 204 : 503,
  response_body: '',
  error:
    status === 'succeeded' ? null : { code: 'http_status', message: 'The receiver answered 503.' },
  duration_ms: 40,
  attempt_id: 'atm_1',
  attempt_number: 1,
  trigger: 'initial',
  created_at: createdAt,
  next_attempt_at: null,
  ...extra,
});

const attempted = (data: DeliveryAttempted['data']) =>
  recorded(stream, 'delivery.attempted', data, { metadata: { merchant_id: 'mer_a' } });

/** The change counting one attempt of an outcome in a bucket. */
const counted = (outcome: string, interval: 'hour' | 'day', start: string): Change => ({
  op: 'patch',
  collection: ENDPOINT_STATS,
  id: `we_1:${interval}:${start}`,
  inc: { [outcome]: 1 },
  setOnInsert: { endpoint_id: 'we_1', interval, start, succeeded: 0, failed: 0 },
});

describe('endpoint statistics projection', () => {
  it('counts a failed attempt in its hour and its day, seeding both counters at zero', () => {
    spec
      .when(attempted(attempt('failed', '2026-03-01T10:59:59.999Z')))
      .then([
        counted('failed', 'hour', '2026-03-01T10:00:00.000Z'),
        counted('failed', 'day', '2026-03-01T00:00:00.000Z'),
      ]);
  });

  it('counts a success in the buckets of when it was made, in UTC', () => {
    spec
      .when(attempted(attempt('succeeded', '2026-03-01T23:30:00.000+00:00')))
      .then([
        counted('succeeded', 'hour', '2026-03-01T23:00:00.000Z'),
        counted('succeeded', 'day', '2026-03-01T00:00:00.000Z'),
      ]);
  });

  it('counts an attempt of a replaced round like any other: it was made', () => {
    spec
      .when(attempted(attempt('succeeded', '2026-03-02T00:00:00.000Z', { superseded: true })))
      .then([
        counted('succeeded', 'hour', '2026-03-02T00:00:00.000Z'),
        counted('succeeded', 'day', '2026-03-02T00:00:00.000Z'),
      ]);
  });

  it('reads nothing else of a delivery, nor the events it delivers', () => {
    const ids = { event_id: 'evt_1', endpoint_id: 'we_1', merchant_id: 'mer_a' };
    spec.ignores(
      recorded(stream, 'delivery.planned', {
        ...ids,
        event_type: 'order.created',
        trigger: 'initial',
        replay_id: null,
        due_at: '2026-03-01T10:00:00.000Z',
        planned_at: '2026-03-01T10:00:00.000Z',
      }),
    );
    spec.ignores(
      recorded(stream, 'delivery.abandoned', {
        ...ids,
        event_type: 'order.created',
        reason: 'endpoint_deleted',
        abandoned_at: '2026-03-01T10:00:00.000Z',
      }),
    );
    spec.ignores(recorded('event-evt_1', 'order.created', { id: 'evt_1' }));
  });

  it('places an instant in the bucket that begins at or before it', () => {
    const at = Date.parse('2026-02-28T23:00:00.000Z');
    expect(bucketStart(at, 'hour')).to.equal('2026-02-28T23:00:00.000Z');
    expect(bucketStart(at - 1, 'hour')).to.equal('2026-02-28T22:00:00.000Z');
    expect(bucketStart(at, 'day')).to.equal('2026-02-28T00:00:00.000Z');
    expect(bucketStart(at + 3_600_000, 'day')).to.equal('2026-03-01T00:00:00.000Z');
  });
});
