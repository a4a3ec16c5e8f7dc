import { left, right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/envelope.js';
import { domainError } from '../shared/errors.js';
import { nextAttemptAt } from './retryPolicy.js';

/**
 * One delivery: one event to one endpoint, in a stream of its own. Every attempt is an event of
 * it; its `webhook-id` (the event id) is the same on every try, resend and replay.
 */
export const deliveryStream = (eventId: string, endpointId: string): string =>
  `delivery-${eventId}-${endpointId}`;
export const DELIVERY_STREAM_PREFIX = 'delivery-';

import type {
  DeliveryAttempted,
  DeliveryCommand,
  DeliveryEvent,
  DeliveryState,
  ExistingDelivery,
  Ids,
  RecordAttempt,
  Round,
} from './deliveryTypes.js';

export type {
  Trigger,
  RoundTrigger,
  AttemptErrorCode,
  AttemptOutcome,
  DeliveryPlanned,
  DeliveryAttempted,
  DeliveryRequeued,
  DeliveryAbandoned,
  DeliveryEvent,
  PlanDelivery,
  RecordAttempt,
  RequeueDelivery,
  AbandonDelivery,
  DeliveryCommand,
  DeliveryState,
} from './deliveryTypes.js';

/** The four ids every event of a delivery carries. */
const idsOf = (ids: Ids): Ids => ({
  event_id: ids.event_id,
  endpoint_id: ids.endpoint_id,
  merchant_id: ids.merchant_id,
  event_type: ids.event_type,
});

/**
 * The record of one attempt, sent in `round` (null: a round no longer known). Written out field by
 * field: an object literal that spreads others builds its shape one property at a time at run
 * time, and this one is made for every webhook sent.
 */
const attemptRecord = (
  state: ExistingDelivery,
  command: RecordAttempt,
  round: Round | null,
  next: { number: number; at: number | null; superseded: boolean },
): DeliveryAttempted => {
  const data: DeliveryAttempted['data'] = {
    event_id: state.ids.event_id,
    endpoint_id: state.ids.endpoint_id,
    merchant_id: state.ids.merchant_id,
    event_type: state.ids.event_type,
    status: command.outcome.status,
    url: command.outcome.url,
    response_status_code: command.outcome.response_status_code,
    response_body: command.outcome.response_body,
    error: command.outcome.error,
    duration_ms: command.outcome.duration_ms,
    attempt_id: command.attempt_id,
    attempt_number: state.attempts + 1,
    trigger: round && round.failures === 0 ? round.trigger : 'retry',
    created_at: command.now,
    next_attempt_at: next.at === null ? null : new Date(next.at).toISOString(),
    round: next.number,
  };
  if (next.superseded) data.superseded = true;
  else if (round && state.status === 'pending')
    data.failures_in_a_row = round.failures + (command.outcome.status === 'failed' ? 1 : 0);
  return { type: 'delivery.attempted', data };
};

/**
 * An attempt that was on the wire when a resend or replay started a new round: it is recorded as
 * it happened, but neither ends nor schedules the new round, which is still sent.
 */
const supersededAttempt = (state: ExistingDelivery, command: RecordAttempt): DeliveryAttempted =>
  attemptRecord(state, command, state.previous?.number === command.round ? state.previous : null, {
    number: command.round!,
    at: null,
    superseded: true,
  });

export const deliveryDecider: Decider<DeliveryCommand, DeliveryEvent, DeliveryState> = {
  initialState: () => ({ status: 'absent' }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'delivery.planned':
        return {
          status: 'pending',
          ids: idsOf(event.data),
          round: { number: 1, trigger: event.data.trigger, failures: 0 },
          previous: null,
          attempts: 0,
          due_at: event.data.due_at,
        };
      case 'delivery.requeued':
        if (state.status === 'absent') return state;
        return {
          ...state,
          status: 'pending',
          round: {
            number: event.data.round ?? state.round.number + 1,
            trigger: event.data.trigger,
            failures: 0,
          },
          previous: state.round,
          due_at: event.data.due_at,
        };
      case 'delivery.attempted': {
        if (state.status === 'absent') return state;
        const attempts = state.attempts + 1;
        if (event.data.superseded) return { ...state, attempts };
        if (event.data.status === 'succeeded')
          return { ...state, status: 'succeeded', attempts, due_at: null };
        const round = { ...state.round, failures: state.round.failures + 1 };
        const status =
          state.status === 'succeeded'
            ? 'succeeded'
            : event.data.next_attempt_at === null
              ? 'failed'
              : 'pending';
        const due_at = status === 'pending' ? event.data.next_attempt_at : null;
        return { ...state, status, round, attempts, due_at };
      }
      case 'delivery.abandoned':
        return state.status === 'absent' ? state : { ...state, status: 'failed', due_at: null };
    }
  },

  decide: (command, state) => {
    if (command.type === 'plan_delivery') {
      // Planning twice (a planner replaying its last batch after a crash) changes nothing.
      if (state.status !== 'absent') return right([]);
      return right([
        {
          type: 'delivery.planned',
          data: {
            event_id: command.event_id,
            endpoint_id: command.endpoint_id,
            merchant_id: command.merchant_id,
            event_type: command.event_type,
            trigger: command.trigger,
            replay_id: command.replay_id,
            due_at: command.now,
            planned_at: command.now,
            ...(command.event_position !== undefined && {
              event_position: command.event_position,
            }),
          },
        },
      ]);
    }
    if (state.status === 'absent') return left(domainError('not_found', 'No such delivery.'));

    switch (command.type) {
      case 'record_attempt': {
        if (command.round !== undefined && command.round !== state.round.number)
          return right([supersededAttempt(state, command)]);
        // A try of a delivery that is no longer pending (one sent again after a crash) is still
        // recorded, but schedules nothing.
        const failed = command.outcome.status === 'failed';
        const failures = state.round.failures + (failed ? 1 : 0);
        const next =
          failed && state.status === 'pending'
            ? nextAttemptAt({
                scheduleMs: command.schedule_ms,
                failuresInRound: failures,
                jitter: command.jitter,
                retryAfterMs: command.retry_after_ms,
                now: Date.parse(command.now),
              })
            : null;
        return right([
          attemptRecord(state, command, state.round, {
            number: state.round.number,
            at: next,
            superseded: false,
          }),
        ]);
      }
      case 'requeue_delivery':
        return right([
          {
            type: 'delivery.requeued',
            data: {
              ...state.ids,
              trigger: command.trigger,
              replay_id: command.replay_id,
              due_at: command.now,
              requeued_at: command.now,
              round: state.round.number + 1,
            },
          },
        ]);
      case 'abandon_delivery':
        if (state.status !== 'pending') return right([]);
        return right([
          {
            type: 'delivery.abandoned',
            data: { ...state.ids, reason: command.reason, abandoned_at: command.now },
          },
        ]);
    }
  },
};

/** How a delivery came to its end with this event, if it did. */
export const deliveryEnding = (event: DomainEvent): 'succeeded' | 'failed' | 'abandoned' | null => {
  if (event.type === 'delivery.abandoned') return 'abandoned';
  if (event.type !== 'delivery.attempted') return null;
  const data = event.data as {
    status: string;
    next_attempt_at: string | null;
    superseded?: boolean;
  };
  if (data.superseded) return null;
  if (data.status === 'succeeded') return 'succeeded';
  return data.next_attempt_at === null ? 'failed' : null;
};
