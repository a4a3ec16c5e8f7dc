import type { StepWaiting } from '../domain/processes/instance/instanceEvents.js';
import { deadlineOf } from '../domain/processes/instance/waitDeadlines.js';
import type { Position, RecordedEvent } from '../domain/shared/envelope.js';
import { collection } from './collection.js';
import type { Change } from './projection.js';

/**
 * What waiting instances wait for, kept so that the executor finds them without reading every
 * instance: the durable timer (a delay's end, a deadline, a retry's pause), and the business
 * events `wait_for_event` steps wait for, by merchant and type. An instance waits for one thing
 * at a time: each document is keyed by its instance.
 */
export const PROCESS_TIMERS = collection<TimerDoc>('process_timers');
export const PROCESS_EVENT_WAITS = collection<EventWaitDoc>('process_event_waits');

/**
 * `id`: the instance, or `<instance>~<lane>` for the timer of a lane (a delay or a retry's pause
 * in a branch or map run), whose instance is `instance_id`.
 */
export type TimerDoc = {
  id: string;
  step_id: string;
  due_at_ms: number;
  instance_id?: string;
  lane?: string;
};

/** The timer document of a line: the instance's own, or one of a lane. */
export const timerDocId = (instanceId: string, lane?: string): string =>
  lane ? `${instanceId}~${lane}` : instanceId;

export type EventWaitDoc = {
  /** The instance. */
  id: string;
  merchant_id: string;
  event_type: string;
  step_id: string;
  /** Where the wait began in the log: only events after it count. */
  since: Position;
};

export const waitCollections = [
  { name: PROCESS_TIMERS, indexes: [['due_at_ms']] },
  { name: PROCESS_EVENT_WAITS, indexes: [['merchant_id', 'event_type', 'step_id']] },
];

/** What a wait that begins sets: its timer when it has a time, its event when it waits for one. */
export const waitBegins = (event: RecordedEvent<StepWaiting>): Change[] => {
  const { instance_id: id, step_id, wait, lane } = event.data;
  const until = deadlineOf(wait);
  const changes: Change[] = [];
  if (until !== null) {
    const doc: TimerDoc = {
      id: timerDocId(id, lane),
      step_id,
      due_at_ms: Date.parse(until),
      ...(lane && { instance_id: id, lane }),
    };
    changes.push({ op: 'put', collection: PROCESS_TIMERS, doc });
  }
  if (wait.kind === 'event') {
    const doc: EventWaitDoc = {
      id,
      merchant_id: event.metadata.merchant_id ?? '',
      event_type: wait.event_type,
      step_id,
      since: event.position,
    };
    changes.push({ op: 'put', collection: PROCESS_EVENT_WAITS, doc });
  }
  return changes;
};

/** A line waits no more: its step ended, or the instance did. A lane waits only on the timer. */
export const waitEnds = (instanceId: string, lane?: string): Change[] =>
  lane
    ? [{ op: 'delete', collection: PROCESS_TIMERS, id: timerDocId(instanceId, lane) }]
    : [
        { op: 'delete', collection: PROCESS_TIMERS, id: instanceId },
        { op: 'delete', collection: PROCESS_EVENT_WAITS, id: instanceId },
      ];

/** Lanes that ended with their fork (joined, or their instance cancelled): their timers go. */
export const lanesEnd = (instanceId: string, lanes: readonly string[]): Change[] =>
  lanes.flatMap((lane) => waitEnds(instanceId, lane));
