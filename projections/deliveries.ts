import type {
  DeliveryAbandoned,
  DeliveryAttempted,
  DeliveryEvent,
  DeliveryPlanned,
  DeliveryRequeued,
} from '../domain/deliveries/delivery.js';
import { DELIVERY_STREAM_PREFIX, deliveryStream } from '../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { Change, Projection } from './projection.js';
import { collection } from './collection.js';

export const WEBHOOK_ATTEMPTS = collection<AttemptDoc>('webhook_attempts');
export const WEBHOOK_MESSAGES = collection<MessageDoc>('webhook_messages');
/** The durable timer of deliveries: what is to be sent, and from when. */
export const DELIVERIES_DUE = collection<DueDoc>('deliveries_due');
/** Endpoints in a failing streak: present from their first failure after a success, removed by the next success. */
export const FAILING_ENDPOINTS = collection<FailingEndpointDoc>('failing_endpoints');

export type AttemptDoc = {
  id: string;
  object: 'webhook_attempt';
  endpoint_id: string;
  merchant_id: string;
  event_id: string;
  event_type: string;
  attempt_number: number;
  trigger: string;
  status: 'succeeded' | 'failed';
  url: string;
  response_status_code: number | null;
  response_body: string | null;
  /** The answer as the log keeps it, sealed under the merchant's data key: opened when read. */
  sealed_response_body?: string;
  error: { code: string; message: string } | null;
  duration_ms: number;
  created_at: string;
  next_attempt_at: string | null;
};

export type MessageDoc = {
  id: string;
  object: 'webhook_message';
  endpoint_id: string;
  merchant_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_attempt_at: string | null;
  /** How the last attempt went (absent before the first, and in documents of earlier versions). */
  last_attempt_status?: 'succeeded' | 'failed';
  next_attempt_at: string | null;
  created_at: string;
};

export type DueDoc = {
  id: string;
  event_id: string;
  endpoint_id: string;
  due_at_ms: number;
  /** The round the try belongs to; its attempt says so when recorded (absent: the current one). */
  round?: number;
  /**
   * Its place in the endpoint's line, for FIFO endpoints: the event's position in the log for a
   * delivery planned as it was published, the requeue's own for a resend or replay (the back of
   * the line). Absent in documents of earlier versions: the front.
   */
  line?: number;
};

export type FailingEndpointDoc = {
  id: string;
  first_failure_at: string;
  last_failure_at: string;
  failures: number;
};

export const messageId = (endpointId: string, eventId: string): string =>
  `${endpointId}:${eventId}`;

/** Where a planned or requeued delivery joins its endpoint's line (see DueDoc). */
export const lineOf = (event: RecordedEvent): number => {
  const data = event.data as { event_position?: string };
  return Number(
    event.type === 'delivery.planned' ? (data.event_position ?? event.position) : event.position,
  );
};

/** A round's first try: the delivery takes its place in the due queue and in its line. */
const due = (
  data: { event_id: string; endpoint_id: string },
  at: string,
  round: number | undefined,
  line: number,
  fresh = false,
): Change => {
  const doc: DueDoc = {
    id: deliveryStream(data.event_id, data.endpoint_id),
    event_id: data.event_id,
    endpoint_id: data.endpoint_id,
    due_at_ms: Date.parse(at),
    ...(round !== undefined && { round }),
    line,
  };
  return { op: 'put', collection: DELIVERIES_DUE, doc, ...(fresh && { fresh }) };
};

/** A retry: due later, keeping the delivery's place in its line. */
const dueAgain = (
  data: { event_id: string; endpoint_id: string },
  at: string,
  round: number | undefined,
  line: number,
): Change => ({
  op: 'patch',
  collection: DELIVERIES_DUE,
  id: deliveryStream(data.event_id, data.endpoint_id),
  set: { due_at_ms: Date.parse(at), ...(round !== undefined && { round }) },
  setOnInsert: { event_id: data.event_id, endpoint_id: data.endpoint_id, line },
});

const notDue = (data: { event_id: string; endpoint_id: string }): Change => ({
  op: 'delete',
  collection: DELIVERIES_DUE,
  id: deliveryStream(data.event_id, data.endpoint_id),
});

const plannedChanges = (data: DeliveryPlanned['data'], line: number): Change[] => {
  const doc: MessageDoc = {
    id: messageId(data.endpoint_id, data.event_id),
    object: 'webhook_message',
    endpoint_id: data.endpoint_id,
    merchant_id: data.merchant_id,
    event_id: data.event_id,
    event_type: data.event_type,
    status: 'pending',
    attempts: 0,
    last_attempt_at: null,
    next_attempt_at: data.due_at,
    created_at: data.planned_at,
  };
  // The delivery's first event: its message and its place in the queue are born with it.
  return [
    { op: 'put', collection: WEBHOOK_MESSAGES, doc, fresh: true },
    due(data, data.due_at, 1, line, true),
  ];
};

const requeuedChanges = (data: DeliveryRequeued['data'], line: number): Change[] => [
  {
    op: 'patch',
    collection: WEBHOOK_MESSAGES,
    id: messageId(data.endpoint_id, data.event_id),
    set: { status: 'pending', next_attempt_at: data.due_at },
  },
  due(data, data.due_at, data.round, line),
];

const abandonedChanges = (data: DeliveryAbandoned['data']): Change[] => [
  {
    op: 'patch',
    collection: WEBHOOK_MESSAGES,
    id: messageId(data.endpoint_id, data.event_id),
    set: { status: 'failed', next_attempt_at: null },
  },
  notDue(data),
];

const attemptDoc = (
  a: DeliveryAttempted['data'] & { sealed_response_body?: string },
): AttemptDoc => ({
  id: a.attempt_id,
  object: 'webhook_attempt',
  endpoint_id: a.endpoint_id,
  merchant_id: a.merchant_id,
  event_id: a.event_id,
  event_type: a.event_type,
  attempt_number: a.attempt_number,
  trigger: a.trigger,
  status: a.status,
  url: a.url,
  response_status_code: a.response_status_code,
  response_body: a.response_body,
  ...(a.sealed_response_body !== undefined && { sealed_response_body: a.sealed_response_body }),
  error: a.error,
  duration_ms: a.duration_ms,
  created_at: a.created_at,
  next_attempt_at: a.next_attempt_at,
});

const attemptedChanges = (a: DeliveryAttempted['data'], line: number): Change[] => {
  const message = messageId(a.endpoint_id, a.event_id);
  const attempt = attemptDoc(a);
  if (a.superseded) {
    // The round it was sent in was replaced: the message and the queue follow the new one.
    return [
      { op: 'put', collection: WEBHOOK_ATTEMPTS, doc: attempt },
      {
        op: 'patch',
        collection: WEBHOOK_MESSAGES,
        id: message,
        set: { last_attempt_at: a.created_at, last_attempt_status: a.status },
        inc: { attempts: 1 },
      },
    ];
  }
  const succeeded = a.status === 'succeeded';
  const status = succeeded ? 'succeeded' : a.next_attempt_at === null ? 'failed' : 'pending';
  return [
    { op: 'put', collection: WEBHOOK_ATTEMPTS, doc: attempt },
    {
      op: 'patch',
      collection: WEBHOOK_MESSAGES,
      id: message,
      set: {
        status,
        last_attempt_at: a.created_at,
        last_attempt_status: a.status,
        next_attempt_at: a.next_attempt_at,
      },
      inc: { attempts: 1 },
    },
    a.next_attempt_at === null ? notDue(a) : dueAgain(a, a.next_attempt_at, a.round, line),
    succeeded
      ? { op: 'delete', collection: FAILING_ENDPOINTS, id: a.endpoint_id }
      : {
          op: 'patch',
          collection: FAILING_ENDPOINTS,
          id: a.endpoint_id,
          set: { last_failure_at: a.created_at },
          inc: { failures: 1 },
          setOnInsert: { first_failure_at: a.created_at, failures: 0 },
        },
  ];
};

/** Attempts, messages, the due queue and failing streaks: all from the deliveries' own events. */
export const deliveriesProjection: Projection = {
  name: 'deliveries',
  collections: [
    {
      name: WEBHOOK_ATTEMPTS,
      indexes: [
        ['endpoint_id', 'created_at'],
        ['endpoint_id', 'status', 'created_at'],
        ['endpoint_id', 'event_type', 'created_at'],
      ],
    },
    {
      name: WEBHOOK_MESSAGES,
      indexes: [
        ['endpoint_id', 'created_at'],
        ['endpoint_id', 'status', 'created_at'],
      ],
    },
    {
      name: DELIVERIES_DUE,
      indexes: [['due_at_ms'], ['endpoint_id', 'due_at_ms'], ['endpoint_id', 'line']],
    },
    { name: FAILING_ENDPOINTS, indexes: [] },
  ],
  filter: { streamPrefixes: [DELIVERY_STREAM_PREFIX] },
  project: (recorded): Change[] => {
    const event = recorded as RecordedEvent<DeliveryEvent>;
    switch (event.type) {
      case 'delivery.planned':
        return plannedChanges(event.data, lineOf(event));
      case 'delivery.requeued':
        return requeuedChanges(event.data, lineOf(event));
      case 'delivery.abandoned':
        return abandonedChanges(event.data);
      case 'delivery.attempted':
        return attemptedChanges(event.data, lineOf(event));
      default:
        return [];
    }
  },
};
