import type { DomainEvent } from '../shared/envelope.js';

/**
 * What a delivery is made of: its events (one stream per event and endpoint), the commands its
 * decider takes, and the state it folds them into (delivery.ts).
 */
export type Trigger = 'initial' | 'retry' | 'resend' | 'replay' | 'test';
export type RoundTrigger = Exclude<Trigger, 'retry'>;

export type AttemptErrorCode =
  | 'timeout'
  | 'connection_refused'
  | 'connection_reset'
  | 'dns'
  | 'tls'
  | 'http_status'
  | 'url_blocked';

export type AttemptOutcome = {
  status: 'succeeded' | 'failed';
  url: string;
  response_status_code: number | null;
  /** The first 4 KiB of the answer, as text. */
  response_body: string | null;
  error: { code: AttemptErrorCode; message: string } | null;
  duration_ms: number;
};

export type Ids = {
  event_id: string;
  endpoint_id: string;
  merchant_id: string;
  event_type: string;
};

export type DeliveryPlanned = DomainEvent<
  'delivery.planned',
  Ids & {
    trigger: RoundTrigger;
    replay_id: string | null;
    due_at: string;
    planned_at: string;
    /**
     * Where the event sits in the log, for a delivery planned as the event was published: its
     * place in a FIFO endpoint's line. Absent (a resend, a replay, a test, or an event of an
     * earlier version): the delivery's own place, at the back of the line.
     */
    event_position?: string;
  }
>;
export type DeliveryAttempted = DomainEvent<
  'delivery.attempted',
  Ids &
    AttemptOutcome & {
      attempt_id: string;
      attempt_number: number;
      trigger: Trigger;
      created_at: string;
      next_attempt_at: string | null;
      /** The round the attempt was sent in (absent in events of earlier versions: the current). */
      round?: number;
      /** Sent in a round a resend or replay has since replaced: it decides nothing for the new one. */
      superseded?: boolean;
      /**
       * The tries of its round that failed in a row up to this one (a success: those it ends), for
       * the operational events. Absent on a try that came after its round ended or was replaced,
       * and in events of earlier versions.
       */
      failures_in_a_row?: number;
    }
>;
export type DeliveryRequeued = DomainEvent<
  'delivery.requeued',
  Ids & {
    trigger: 'resend' | 'replay';
    replay_id: string | null;
    due_at: string;
    requeued_at: string;
    /** The round this requeue starts: 1 is the plan's (absent in events of earlier versions). */
    round?: number;
  }
>;
export type DeliveryAbandoned = DomainEvent<
  'delivery.abandoned',
  Ids & {
    /** `data_erased`, `data_expired`: the event's payload can no longer be read (PRODUCT.md 14). */
    reason: 'endpoint_disabled' | 'endpoint_deleted' | 'data_erased' | 'data_expired';
    abandoned_at: string;
  }
>;
export type DeliveryEvent =
  DeliveryPlanned | DeliveryAttempted | DeliveryRequeued | DeliveryAbandoned;

export type PlanDelivery = Ids & {
  type: 'plan_delivery';
  trigger: RoundTrigger;
  replay_id: string | null;
  now: string;
  event_position?: string;
};
export type RecordAttempt = {
  type: 'record_attempt';
  /** The round the attempt was sent in, as the due queue said; absent: the current one. */
  round?: number;
  attempt_id: string;
  outcome: AttemptOutcome;
  schedule_ms: readonly number[];
  jitter: number;
  retry_after_ms: number | null;
  now: string;
};
export type RequeueDelivery = {
  type: 'requeue_delivery';
  trigger: 'resend' | 'replay';
  replay_id: string | null;
  now: string;
};
export type AbandonDelivery = {
  type: 'abandon_delivery';
  reason: DeliveryAbandoned['data']['reason'];
  now: string;
};
export type DeliveryCommand = PlanDelivery | RecordAttempt | RequeueDelivery | AbandonDelivery;

export type DeliveryState =
  | { status: 'absent' }
  | {
      status: 'pending' | 'succeeded' | 'failed';
      ids: Ids;
      /** A round is the plan or a requeue, and the retries of its failures. */
      round: Round;
      /** The round a requeue replaced, for attempts sent in it that end after the requeue. */
      previous: Round | null;
      attempts: number;
      /** When the round's next try is due (ISO 8601); null once none is. */
      due_at: string | null;
    };

export type Round = { number: number; trigger: RoundTrigger; failures: number };

export type ExistingDelivery = Exclude<DeliveryState, { status: 'absent' }>;
