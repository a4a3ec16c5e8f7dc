import { expect } from 'chai';
import type {
  AttemptOutcome,
  DeliveryAttempted,
  DeliveryPlanned,
  RecordAttempt,
} from '../../../domain/deliveries/delivery.js';
import { deliveryDecider } from '../../../domain/deliveries/delivery.js';
import { nextAttemptAt } from '../../../domain/deliveries/retryPolicy.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(deliveryDecider);
const ids = {
  event_id: 'evt_1',
  endpoint_id: 'we_1',
  merchant_id: 'mer_a',
  event_type: 'order.created',
};
const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-01T00:00:01.000Z';

const planned: DeliveryPlanned = {
  type: 'delivery.planned',
  data: { ...ids, trigger: 'initial', replay_id: null, due_at: t0, planned_at: t0 },
};
const failure: AttemptOutcome = {
  status: 'failed',
  url: 'https://r.test/',
  response_status_code: 500,
  response_body: 'no',
  error: { code: 'http_status', message: 'The receiver answered 500.' },
  duration_ms: 12,
};
const success: AttemptOutcome = {
  ...failure,
  status: 'succeeded',
  response_status_code: 200,
  response_body: '',
  error: null,
};
const record = (outcome: AttemptOutcome, extra: Partial<RecordAttempt> = {}): RecordAttempt => ({
  type: 'record_attempt',
  attempt_id: 'atm_1',
  outcome,
  schedule_ms: [1000, 2000],
  jitter: 0,
  retry_after_ms: null,
  now: t1,
  ...extra,
});
const attempted = (
  outcome: AttemptOutcome,
  n: number,
  trigger: DeliveryAttempted['data']['trigger'],
  next: string | null,
  round = 1,
  inARow?: number,
): DeliveryAttempted => ({
  type: 'delivery.attempted',
  data: {
    ...ids,
    ...outcome,
    attempt_id: 'atm_1',
    attempt_number: n,
    trigger,
    created_at: t1,
    next_attempt_at: next,
    round,
    ...(inARow !== undefined && { failures_in_a_row: inARow }),
  },
});

describe('delivery decider', () => {
  it('plans a delivery once; planning again changes nothing', () => {
    spec
      .given([])
      .when({ type: 'plan_delivery', ...ids, trigger: 'initial', replay_id: null, now: t0 })
      .then([planned]);
    spec
      .given([planned])
      .when({ type: 'plan_delivery', ...ids, trigger: 'initial', replay_id: null, now: t1 })
      .then([]);
  });

  it('schedules the next try after a failure, and none after the last', () => {
    spec
      .given([planned])
      .when(record(failure))
      .then([attempted(failure, 1, 'initial', '2026-01-01T00:00:02.000Z', 1, 1)]);
    const first = attempted(failure, 1, 'initial', '2026-01-01T00:00:02.000Z');
    spec
      .given([planned, first])
      .when(record(failure))
      .then([attempted(failure, 2, 'retry', '2026-01-01T00:00:03.000Z', 1, 2)]);
    const second = attempted(failure, 2, 'retry', '2026-01-01T00:00:03.000Z');
    spec
      .given([planned, first, second])
      .when(record(failure))
      .then([attempted(failure, 3, 'retry', null, 1, 3)]);
  });

  it('counts the failures in a row of the round: a success carries those it ends', () => {
    const first = attempted(failure, 1, 'initial', '2026-01-01T00:00:02.000Z', 1, 1);
    const second = attempted(failure, 2, 'retry', '2026-01-01T00:00:03.000Z', 1, 2);
    spec
      .given([planned, first, second])
      .when(record(success))
      .then([attempted(success, 3, 'retry', null, 1, 2)]);
  });

  it('records a success with nothing next, and a late duplicate without rescheduling', () => {
    spec
      .given([planned])
      .when(record(success))
      .then([attempted(success, 1, 'initial', null, 1, 0)]);
    const done = attempted(success, 1, 'initial', null);
    spec
      .given([planned, done])
      .when(record(failure))
      .then([attempted(failure, 2, 'initial', null)]);
  });

  it('starts a new round on resend or replay, its first try carrying the trigger', () => {
    const done = attempted(success, 1, 'initial', null);
    const requeued = {
      type: 'delivery.requeued',
      data: { ...ids, trigger: 'resend', replay_id: null, due_at: t1, requeued_at: t1, round: 2 },
    } as const;
    spec
      .given([planned, done])
      .when({ type: 'requeue_delivery', trigger: 'resend', replay_id: null, now: t1 })
      .then([requeued]);
    spec
      .given([planned, done, requeued])
      .when(record(failure))
      .then([attempted(failure, 2, 'resend', '2026-01-01T00:00:02.000Z', 2, 1)]);
  });

  it('records a try of a replaced round as superseded: the new round is still sent', () => {
    const requeued = {
      type: 'delivery.requeued',
      data: { ...ids, trigger: 'resend', replay_id: null, due_at: t1, requeued_at: t1, round: 2 },
    } as const;
    // The first try was on the wire when the resend came; it succeeds after it.
    const late = {
      ...attempted(success, 1, 'initial', null, 1),
      data: { ...attempted(success, 1, 'initial', null, 1).data, superseded: true },
    };
    spec
      .given([planned, requeued])
      .when(record(success, { round: 1 }))
      .then([late]);
    // The new round is still pending: its own try is recorded as the resend it is.
    spec
      .given([planned, requeued, late])
      .when(record(success, { round: 2 }))
      .then([attempted(success, 2, 'resend', null, 2, 0)]);
    // A try without a round (an earlier version's queue) counts for the current round.
    spec
      .given([planned, requeued, late])
      .when(record(failure))
      .then([attempted(failure, 2, 'resend', '2026-01-01T00:00:02.000Z', 2, 1)]);
  });

  it('abandons a pending delivery whose endpoint went away, and only a pending one', () => {
    const abandon = { type: 'abandon_delivery', reason: 'endpoint_deleted', now: t1 } as const;
    spec
      .given([planned])
      .when(abandon)
      .then([
        {
          type: 'delivery.abandoned',
          data: { ...ids, reason: 'endpoint_deleted', abandoned_at: t1 },
        },
      ]);
    spec
      .given([planned, attempted(success, 1, 'initial', null)])
      .when(abandon)
      .then([]);
    spec.given([]).when(abandon).thenFails('not_found');
  });
});

describe('retry policy', () => {
  const base = { scheduleMs: [5000, 300_000], jitter: 0, retryAfterMs: null, now: 0 };
  it('follows the schedule, with jitter', () => {
    expect(nextAttemptAt({ ...base, failuresInRound: 1 })).to.equal(5000);
    expect(nextAttemptAt({ ...base, failuresInRound: 2, jitter: 0.1 })).to.equal(330_000);
    expect(nextAttemptAt({ ...base, failuresInRound: 2, jitter: -0.1 })).to.equal(270_000);
    expect(nextAttemptAt({ ...base, failuresInRound: 3 })).to.equal(null);
  });
  it('honours a later Retry-After, capped at an hour, never an earlier one', () => {
    expect(nextAttemptAt({ ...base, failuresInRound: 1, retryAfterMs: 60_000 })).to.equal(60_000);
    expect(nextAttemptAt({ ...base, failuresInRound: 1, retryAfterMs: 1000 })).to.equal(5000);
    expect(nextAttemptAt({ ...base, failuresInRound: 1, retryAfterMs: 10 * 3600_000 })).to.equal(
      3600_000,
    );
  });
});
