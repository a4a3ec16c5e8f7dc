import type { DomainEvent } from '../../shared/envelope.js';
import type { StepType } from '../stepLanguage.js';

export type DefinitionRef = { id: string; version: number };
export type InstanceError = { code: string; message: string; step_id: string | null };
/** What a step waits for while the instance is `waiting`. */
export type StepWait =
  | { kind: 'delay'; until: string }
  /** `until`: the deadline of a step with `timeout_ms` (absent: it waits as long as it takes). */
  | { kind: 'user_action'; action: string | null; until?: string }
  | { kind: 'approval'; until?: string }
  /** A business event of this type, published for the merchant after the wait began. */
  | { kind: 'event'; event_type: string; until?: string }
  /** The pause before the step's next attempt, after a failure its `retry` takes. */
  | { kind: 'retry'; until: string; attempt: number; error: { code: string; message: string } }
  /** The end of the child instance a `call` started. */
  | { kind: 'child'; instance_id: string }
  /** The end of the lanes a `parallel` or `map` started. */
  | { kind: 'lanes' };
export type ApprovalDecision = 'approved' | 'rejected';
/** The instance whose `call` step started this one. */
export type ParentRef = { instance_id: string; step_id: string };
/** What a `wait_for_event` step's output is: the business event it waited for. */
export type ReceivedEvent = { id: string; type: string; created_at: string; data: unknown };

/** The facts of one instance's life, in its own stream `process_instance-<id>`. */
export type InstanceCreated = DomainEvent<
  'process_instance.created',
  {
    instance_id: string;
    merchant_id: string;
    definition: DefinitionRef;
    inputs: Record<string, unknown>;
    start_source: Record<string, unknown>;
    replay_of: string | null;
    /** The step to run first. */
    first_step: string;
    created_at: string;
    /** Set on a child instance: whose `call` started it (absent on top-level instances). */
    parent?: ParentRef;
    /** How many `call`s deep this instance is: 0 (or absent) for a top-level instance. */
    depth?: number;
  }
>;
/** `lane`: the branch or map run the step is in (see lanes.ts); absent on the main line. */
type StepFact<Type extends string, Extra = unknown> = DomainEvent<
  Type,
  { instance_id: string; step_id: string; at: string; lane?: string } & Extra
>;
export type StepStarted = StepFact<
  'process_instance.step_started',
  { name: string | null; step_type: StepType; visible: boolean }
>;
export type StepSkipped = StepFact<
  'process_instance.step_skipped',
  { name: string | null; step_type: StepType; visible: boolean; next: string | null }
>;
export type StepWaiting = StepFact<'process_instance.step_waiting', { wait: StepWait }>;
export type StepCompleted = StepFact<
  'process_instance.step_completed',
  { output: unknown; next: string | null }
>;
/**
 * `next`: the failure is handled (a timed-out step's `on_timeout`): the instance goes on there, the
 * error at `steps.<id>.error`. Absent: the instance fails with it.
 */
export type StepFailed = StepFact<
  'process_instance.step_failed',
  { error: InstanceError; next?: string }
>;
/** The wait of a `wait_for_event` step ended by this business event; its completion follows. */
export type EventReceived = StepFact<'process_instance.event_received', { event_id: string }>;
/** A step whose failure its `retry` took runs again: this attempt (2 for the first retry). */
export type StepRetrying = StepFact<'process_instance.step_retrying', { attempt: number }>;
/** The child instance of a `call` step ended; the step's completion or failure follows. */
export type ChildEnded = StepFact<
  'process_instance.child_ended',
  { child_id: string; status: 'completed' | 'failed' | 'cancelled' }
>;
/** A `parallel` or `map` step started its lanes: each begins at its first step. */
export type LanesStarted = StepFact<
  'process_instance.lanes_started',
  { lanes: Array<{ index: number; first_step: string; item?: unknown }> }
>;
/**
 * The lanes of a `parallel` or `map` step are over (all completed, or one failed, which stops the
 * others); the step's completion or failure follows.
 */
export type LanesJoined = StepFact<
  'process_instance.lanes_joined',
  { outcome: 'completed' | 'failed'; lanes: string[] }
>;
export type UserActionCompleted = StepFact<
  'process_instance.user_action_completed',
  { data: unknown }
>;
export type ApprovalResolved = StepFact<
  'process_instance.approval_resolved',
  { decision: ApprovalDecision; comment: string | null }
>;
/** `parent`: a child instance's end is news for the parent waiting on it. */
type Ending<Type extends string, Extra = unknown> = DomainEvent<
  Type,
  {
    instance_id: string;
    merchant_id: string;
    definition: DefinitionRef;
    at: string;
    parent?: ParentRef;
  } & Extra
>;
/** `result` is null when the definition has no `output` (or it evaluated to nothing). */
export type InstanceCompleted = Ending<
  'process_instance.completed',
  { result: { output: unknown } | null }
>;
export type InstanceFailed = Ending<'process_instance.failed', { error: InstanceError }>;
/**
 * `step_id`: the step in progress when the instance was cancelled, which ends cancelled with it
 * (absent in events recorded before steps were told so).
 */
export type InstanceCancelled = Ending<
  'process_instance.cancelled',
  {
    step_id?: string | null;
    /** The child the cancelled step waited on: it is cancelled in turn. */
    child_id?: string;
    /** The lanes under way, which end with the instance. */
    lanes?: string[];
  }
>;

export type InstanceEvent =
  | InstanceCreated
  | StepStarted
  | StepSkipped
  | StepWaiting
  | StepCompleted
  | StepFailed
  | UserActionCompleted
  | ApprovalResolved
  | EventReceived
  | StepRetrying
  | ChildEnded
  | LanesStarted
  | LanesJoined
  | InstanceCompleted
  | InstanceFailed
  | InstanceCancelled;

export const TERMINAL_EVENT_TYPES: ReadonlySet<string> = new Set([
  'process_instance.completed',
  'process_instance.failed',
  'process_instance.cancelled',
]);
