import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type {
  AttemptOutcome,
  DeliveryAttempted,
  DeliveryCommand,
  DeliveryEvent,
  DeliveryRequeued,
  RecordAttempt,
} from '../../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryStream } from '../../domain/deliveries/delivery.js';
import type { BusinessEventData } from '../../domain/events/businessEvent.js';
import { fold } from '../../domain/shared/decider.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { AttemptDoc, DueDoc } from '../../projections/deliveries.js';
import {
  DELIVERIES_DUE,
  FAILING_ENDPOINTS,
  WEBHOOK_ATTEMPTS,
  WEBHOOK_MESSAGES,
  deliveriesProjection,
} from '../../projections/deliveries.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(deliveriesProjection);
const ids = {
  event_id: 'evt_1',
  endpoint_id: 'we_1',
  merchant_id: 'mer_a',
  event_type: 'order.created',
};
const message = 'we_1:evt_1';
const queued = 'delivery-evt_1-we_1';
const t0 = '2026-03-01T10:00:00.000Z';
const t1 = '2026-03-01T10:00:01.000Z';
const t2 = '2026-03-01T10:00:06.500Z';
const t3 = '2026-03-01T10:01:07.000Z';
/** The retry after the first failure of a round: 5 s later. */
const firstRetryAt = '2026-03-01T10:00:06.000Z';

const failure: AttemptOutcome = {
  status: 'failed',
  url: 'https://hooks.shop.test/sluice',
  response_status_code: 503,
  response_body: 'busy',
  error: { code: 'http_status', message: 'The receiver answered 503.' },
  duration_ms: 120,
};
const success: AttemptOutcome = {
  ...failure,
  status: 'succeeded',
  response_status_code: 204,
  response_body: '',
  error: null,
  duration_ms: 35,
};

const plan: DeliveryCommand = {
  type: 'plan_delivery',
  ...ids,
  trigger: 'initial',
  replay_id: null,
  now: t0,
};
const record = (
  outcome: AttemptOutcome,
  attemptId: string,
  now: string,
  extra: Partial<RecordAttempt> = {},
): RecordAttempt => ({
  type: 'record_attempt',
  attempt_id: attemptId,
  outcome,
  schedule_ms: [5000, 60_000],
  jitter: 0,
  retry_after_ms: null,
  now,
  ...extra,
});
const resend = (now: string): DeliveryCommand => ({
  type: 'requeue_delivery',
  trigger: 'resend',
  replay_id: null,
  now,
});

/** The events a delivery's commands decide, one after the other. */
const decided = (...commands: DeliveryCommand[]): DeliveryEvent[] =>
  commands.reduce<DeliveryEvent[]>((events, command) => {
    const decision = deliveryDecider.decide(command, fold(deliveryDecider, events));
    if (isLeft(decision)) expect.fail(`refused: ${decision.left.detail}`);
    return [...events, ...decision.right];
  }, []);

const inStream = (event: DeliveryEvent, revision: number): RecordedEvent =>
  recorded(deliveryStream(ids.event_id, ids.endpoint_id), event.type, event.data, {
    revision,
    metadata: { merchant_id: ids.merchant_id },
  });

/** The last event the commands decide, as the delivery's stream records it. */
const lastDecided = (...commands: DeliveryCommand[]): RecordedEvent => {
  const events = decided(...commands);
  return inStream(events.at(-1)!, events.length - 1);
};

const firstFailure: AttemptDoc = {
  id: 'atm_1',
  object: 'webhook_attempt',
  endpoint_id: 'we_1',
  merchant_id: 'mer_a',
  event_id: 'evt_1',
  event_type: 'order.created',
  attempt_number: 1,
  trigger: 'initial',
  status: 'failed',
  url: 'https://hooks.shop.test/sluice',
  response_status_code: 503,
  response_body: 'busy',
  error: { code: 'http_status', message: 'The receiver answered 503.' },
  duration_ms: 120,
  created_at: t1,
  next_attempt_at: firstRetryAt,
};

describe('deliveries projection', () => {
  it('lists a planned delivery as pending and due at its time, in its place in line', () => {
    const planned = lastDecided(plan);
    spec.when(planned).then([
      {
        op: 'put',
        collection: WEBHOOK_MESSAGES,
        doc: {
          id: message,
          object: 'webhook_message',
          endpoint_id: 'we_1',
          merchant_id: 'mer_a',
          event_id: 'evt_1',
          event_type: 'order.created',
          status: 'pending',
          attempts: 0,
          last_attempt_at: null,
          next_attempt_at: t0,
          created_at: t0,
        },
        fresh: true,
      },
      {
        op: 'put',
        collection: DELIVERIES_DUE,
        doc: {
          id: queued,
          event_id: 'evt_1',
          endpoint_id: 'we_1',
          due_at_ms: Date.parse(t0),
          round: 1,
          line: Number(planned.position),
        },
        fresh: true,
      },
    ]);
  });

  it('puts a delivery planned as its event was published in line at the event’s place in the log', () => {
    const planned = lastDecided({ ...plan, event_position: '00000000000000000042' });
    const due = deliveriesProjection
      .project(planned)
      .find((change) => change.collection === DELIVERIES_DUE);
    expect(due).to.deep.include({ op: 'put' });
    expect(due?.op === 'put' && (due.doc as DueDoc).line).to.equal(42);
  });

  it('records a failed attempt, keeps the message pending and due at its retry in its place in line, and counts a failure of the endpoint', () => {
    const attempted = lastDecided(plan, record(failure, 'atm_1', t1));
    spec.when(attempted).then([
      { op: 'put', collection: WEBHOOK_ATTEMPTS, doc: firstFailure },
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: {
          status: 'pending',
          last_attempt_at: t1,
          last_attempt_status: 'failed',
          next_attempt_at: firstRetryAt,
        },
        inc: { attempts: 1 },
      },
      {
        op: 'patch',
        collection: DELIVERIES_DUE,
        id: queued,
        set: { due_at_ms: Date.parse(firstRetryAt), round: 1 },
        setOnInsert: { event_id: 'evt_1', endpoint_id: 'we_1', line: Number(attempted.position) },
      },
      {
        op: 'patch',
        collection: FAILING_ENDPOINTS,
        id: 'we_1',
        set: { last_failure_at: t1 },
        inc: { failures: 1 },
        setOnInsert: { first_failure_at: t1, failures: 0 },
      },
    ]);
  });

  it('marks a message failed and takes it off the queue when its last retry fails', () => {
    const attempts = [
      record(failure, 'atm_1', t1),
      record(failure, 'atm_2', t2),
      record(failure, 'atm_3', t3),
    ];
    spec.when(lastDecided(plan, ...attempts)).then([
      {
        op: 'put',
        collection: WEBHOOK_ATTEMPTS,
        doc: {
          ...firstFailure,
          id: 'atm_3',
          attempt_number: 3,
          trigger: 'retry',
          created_at: t3,
          next_attempt_at: null,
        },
      },
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: {
          status: 'failed',
          last_attempt_at: t3,
          last_attempt_status: 'failed',
          next_attempt_at: null,
        },
        inc: { attempts: 1 },
      },
      { op: 'delete', collection: DELIVERIES_DUE, id: queued },
      {
        op: 'patch',
        collection: FAILING_ENDPOINTS,
        id: 'we_1',
        set: { last_failure_at: t3 },
        inc: { failures: 1 },
        setOnInsert: { first_failure_at: t3, failures: 0 },
      },
    ]);
  });

  it('marks a message succeeded, takes it off the queue and ends the failing streak of its endpoint', () => {
    spec.when(lastDecided(plan, record(failure, 'atm_1', t1), record(success, 'atm_2', t2))).then([
      {
        op: 'put',
        collection: WEBHOOK_ATTEMPTS,
        doc: {
          ...firstFailure,
          id: 'atm_2',
          attempt_number: 2,
          trigger: 'retry',
          status: 'succeeded',
          response_status_code: 204,
          response_body: '',
          error: null,
          duration_ms: 35,
          created_at: t2,
          next_attempt_at: null,
        },
      },
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: {
          status: 'succeeded',
          last_attempt_at: t2,
          last_attempt_status: 'succeeded',
          next_attempt_at: null,
        },
        inc: { attempts: 1 },
      },
      { op: 'delete', collection: DELIVERIES_DUE, id: queued },
      { op: 'delete', collection: FAILING_ENDPOINTS, id: 'we_1' },
    ]);
  });

  it('counts an attempt of a replaced round on its message, leaving the queue and the streak to the new round', () => {
    spec.when(lastDecided(plan, resend(t1), record(success, 'atm_1', t2, { round: 1 }))).then([
      {
        op: 'put',
        collection: WEBHOOK_ATTEMPTS,
        doc: {
          ...firstFailure,
          status: 'succeeded',
          response_status_code: 204,
          response_body: '',
          error: null,
          duration_ms: 35,
          created_at: t2,
          next_attempt_at: null,
        },
      },
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: { last_attempt_at: t2, last_attempt_status: 'succeeded' },
        inc: { attempts: 1 },
      },
    ]);
  });

  it('puts a resent delivery back to pending and due at once, in its new round, at the back of the line', () => {
    const requeued = lastDecided(plan, record(success, 'atm_1', t1), resend(t2));
    spec.when(requeued).then([
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: { status: 'pending', next_attempt_at: t2 },
      },
      {
        op: 'put',
        collection: DELIVERIES_DUE,
        doc: {
          id: queued,
          event_id: 'evt_1',
          endpoint_id: 'we_1',
          due_at_ms: Date.parse(t2),
          round: 2,
          line: Number(requeued.position),
        },
      },
    ]);
  });

  it('queues a retry and a requeue from an earlier version, which name no round, without one', () => {
    const requeued: DeliveryRequeued = {
      type: 'delivery.requeued',
      data: { ...ids, trigger: 'replay', replay_id: 'rpl_1', due_at: t2, requeued_at: t2 },
    };
    const attempt = decided(plan, record(failure, 'atm_1', t1))[1] as DeliveryAttempted;
    const { round: _round, ...earlier } = attempt.data;
    const retried = inStream({ ...attempt, data: earlier }, 1);
    const requeuedEarlier = inStream(requeued, 2);
    spec.when(retried, requeuedEarlier).then([
      { op: 'put', collection: WEBHOOK_ATTEMPTS, doc: firstFailure },
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: {
          status: 'pending',
          last_attempt_at: t1,
          last_attempt_status: 'failed',
          next_attempt_at: firstRetryAt,
        },
        inc: { attempts: 1 },
      },
      {
        op: 'patch',
        collection: DELIVERIES_DUE,
        id: queued,
        set: { due_at_ms: Date.parse(firstRetryAt) },
        setOnInsert: { event_id: 'evt_1', endpoint_id: 'we_1', line: Number(retried.position) },
      },
      {
        op: 'patch',
        collection: FAILING_ENDPOINTS,
        id: 'we_1',
        set: { last_failure_at: t1 },
        inc: { failures: 1 },
        setOnInsert: { first_failure_at: t1, failures: 0 },
      },
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: { status: 'pending', next_attempt_at: t2 },
      },
      {
        op: 'put',
        collection: DELIVERIES_DUE,
        doc: {
          id: queued,
          event_id: 'evt_1',
          endpoint_id: 'we_1',
          due_at_ms: Date.parse(t2),
          line: Number(requeuedEarlier.position),
        },
      },
    ]);
  });

  it('marks an abandoned delivery failed and takes it off the queue', () => {
    const abandon: DeliveryCommand = {
      type: 'abandon_delivery',
      reason: 'endpoint_disabled',
      now: t2,
    };
    spec.when(lastDecided(plan, record(failure, 'atm_1', t1), abandon)).then([
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: { status: 'failed', next_attempt_at: null },
      },
      { op: 'delete', collection: DELIVERIES_DUE, id: queued },
    ]);
  });

  it('ignores the business event it delivers', () => {
    const published: BusinessEventData = {
      id: 'evt_1',
      merchant_id: 'mer_a',
      created_at: t0,
      data: { order_id: 'ord_1', amount: 4200 },
      channels: null,
    };
    spec.ignores(
      recorded('event-evt_1', 'order.created', published, { metadata: { merchant_id: 'mer_a' } }),
    );
  });
});
